import { describe, expect, it } from 'vitest';
import type { Area } from '../../src/areas/area.js';
import { AreaFileError, mergeAreas, parseAreaFile } from '../../src/areas/area-file.js';
import { Gazetteer } from '../../src/areas/gazetteer.js';

const BUILTIN: Area[] = [
  { id: 'jp', name: '日本', level: 'country', parentId: null, lat: null, lng: null, aliases: [] },
  { id: 'pref:13', name: '東京都', level: 'prefecture', parentId: 'jp', lat: null, lng: null, aliases: ['東京'] },
  { id: 'city:13104', name: '新宿区', level: 'city', parentId: 'pref:13', lat: null, lng: null, aliases: [] },
];

function problemsOf(run: () => unknown): { at: string; message: string }[] {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(AreaFileError);
    return (err as AreaFileError).problems;
  }
  throw new Error('expected an AreaFileError');
}

describe('parseAreaFile', () => {
  it('reads CSV with quoted fields, empty coordinates and |-separated aliases', () => {
    const csv = [
      'id,name,level,parent_id,lat,lng,aliases',
      'station:x1,西新宿五丁目,station,city:13104,35.6897,139.6827,"西新宿五丁目駅|清水橋"',
      'city:13104,"新宿区",city,pref:13,,,',
      '',
    ].join('\r\n');
    expect(parseAreaFile(csv, 'csv')).toEqual([
      {
        id: 'station:x1',
        name: '西新宿五丁目',
        level: 'station',
        parentId: 'city:13104',
        lat: 35.6897,
        lng: 139.6827,
        aliases: ['西新宿五丁目駅', '清水橋'],
      },
      { id: 'city:13104', name: '新宿区', level: 'city', parentId: 'pref:13', lat: null, lng: null, aliases: [] },
    ]);
  });

  it('reads JSON with optional coordinates and aliases', () => {
    const json = JSON.stringify([
      { id: 'jp', name: '日本', level: 'country', parent_id: null },
      { id: 'pref:13', name: '東京都', level: 'prefecture', parent_id: 'jp', lat: 35.69, lng: 139.69, aliases: ['東京'] },
    ]);
    expect(parseAreaFile(json, 'json')).toEqual([
      { id: 'jp', name: '日本', level: 'country', parentId: null, lat: null, lng: null, aliases: [] },
      { id: 'pref:13', name: '東京都', level: 'prefecture', parentId: 'jp', lat: 35.69, lng: 139.69, aliases: ['東京'] },
    ]);
  });

  it('reports every CSV problem with its line', () => {
    const csv = [
      'id,name,level,parent_id,lat,lng,aliases',
      'pref:99,,prefecture,jp,,,', // line 2: no name
      'city:1,A市,town,pref:13,,,', // line 3: bad level
      'city:2,B市,station,pref:13,,,', // line 4: id prefix does not fit the level
      'station:3,C,station,city:13104,north,139,', // line 5: lat not a number
      'station:4,D,station,city:13104,135.5,139,', // line 6: lat out of range
      'station:5,E,station,city:13104,35.5,,', // line 7: lat without lng
      'city:6,F市,city,,,,', // line 8: no parent
      'city:2,B市,city,pref:13,,,', // line 9: fine
      'city:2,B2市,city,pref:13,,,', // line 10: duplicate id
      'city:7,G市,city', // line 11: too few fields
    ].join('\n');
    expect(problemsOf(() => parseAreaFile(csv, 'csv')).map((p) => p.at)).toEqual([
      'line 2',
      'line 3',
      'line 4',
      'line 5',
      'line 6',
      'line 7',
      'line 8',
      'line 10',
      'line 11',
    ]);
    const messages = problemsOf(() => parseAreaFile(csv, 'csv')).map((p) => p.message);
    expect(messages[1]).toMatch(/level must be country, prefecture, city or station/);
    expect(messages[2]).toMatch(/a station id starts with 'station:'/);
    expect(messages[3]).toMatch(/lat must be a number/);
    expect(messages[7]).toMatch(/city:2 is already used at line 9/);
    expect(messages[8]).toMatch(/3 fields, the header has 7/);
  });

  it('reports a wrong header, an open quote, bad JSON and bad JSON items by index', () => {
    expect(problemsOf(() => parseAreaFile('id,name,kind\n', 'csv'))[0]!.message).toMatch(
      /unknown column\(s\) kind; missing column\(s\) level, parent_id/,
    );
    expect(problemsOf(() => parseAreaFile('id,name,level,parent_id\n"jp,日本,country,\n', 'csv'))[0]).toEqual({
      at: 'line 2',
      message: 'a quoted field is not closed',
    });
    expect(problemsOf(() => parseAreaFile('[{', 'json'))[0]!.at).toBe('json');
    const items = JSON.stringify([
      { id: 'jp', name: '日本', level: 'country', parent_id: null },
      'x',
      { id: 'pref:1', name: 'a', level: 'prefecture', parent_id: 'jp', lat: '35', lng: 1, aliases: 'b' },
    ]);
    expect(problemsOf(() => parseAreaFile(items, 'json'))).toEqual([
      { at: 'index 1', message: 'expected an object' },
      { at: 'index 2', message: 'lat must be a number, got "35"' },
      { at: 'index 2', message: 'aliases must be a list of strings' },
    ]);
  });
});

describe('mergeAreas', () => {
  it('extend: imported areas replace built-in ones of the same id and add new ones', () => {
    const imported = parseAreaFile(
      'id,name,level,parent_id,lat,lng,aliases\ncity:13104,新宿区,city,pref:13,35.69,139.70,しんじゅく\nstation:x1,都庁前,station,city:13104,,,\n',
      'csv',
    );
    const merged = mergeAreas(BUILTIN, imported, 'extend');
    expect(merged.map((a) => a.id)).toEqual(['jp', 'pref:13', 'city:13104', 'station:x1']);
    const gazetteer = Gazetteer.from(merged);
    expect(gazetteer.get('city:13104')?.lat).toBe(35.69);
    expect(gazetteer.lookup('都庁前駅').map((a) => a.id)).toEqual(['station:x1']);
  });

  it('replace: keeps only the imported areas, whose parents must be among them', () => {
    const imported = parseAreaFile('id,name,level,parent_id\npref:13,東京都,prefecture,jp\ncity:13104,新宿区,city,pref:13\n', 'csv');
    expect(problemsOf(() => mergeAreas(BUILTIN, imported, 'replace'))).toEqual([
      { at: 'line 2', message: 'parent jp of pref:13 is neither in the file' },
    ]);
    const withCountry = parseAreaFile('id,name,level,parent_id\njp,日本,country,\npref:13,東京都,prefecture,jp\n', 'csv');
    expect(mergeAreas(BUILTIN, withCountry, 'replace').map((a) => a.id)).toEqual(['jp', 'pref:13']);
  });

  it('reports a parent that is missing or of a level that cannot contain the child, by line', () => {
    const imported = parseAreaFile('id,name,level,parent_id\nstation:a,A,station,city:99999\ncity:5,B市,city,station:a\n', 'csv');
    expect(problemsOf(() => mergeAreas(BUILTIN, imported, 'extend'))).toEqual([
      { at: 'line 2', message: 'parent city:99999 of station:a is neither in the file nor built in' },
      { at: 'line 3', message: 'city:5 is a city; its parent station:a is a station, expected prefecture or city' },
    ]);
  });
});
