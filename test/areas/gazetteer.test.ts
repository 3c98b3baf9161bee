import { describe, expect, it } from 'vitest';
import type { Area } from '../../src/areas/area.js';
import { Gazetteer } from '../../src/areas/gazetteer.js';

function area(id: string, name: string, level: Area['level'], parentId: string | null, aliases: string[] = []): Area {
  return { id, name, level, parentId, lat: null, lng: null, aliases };
}

const AREAS: Area[] = [
  area('jp', '日本', 'country', null),
  area('pref:13', '東京都', 'prefecture', 'jp', ['東京']),
  area('city:13113', '渋谷区', 'city', 'pref:13', ['渋谷']),
  area('station:1', '渋谷', 'station', 'city:13113', ['渋谷駅']),
  area('station:2', 'ＡＢＣ', 'station', 'pref:13'),
];

describe('Gazetteer', () => {
  const gazetteer = Gazetteer.from(AREAS);

  it('gets areas by id and counts them', () => {
    expect(gazetteer.size).toBe(5);
    expect(gazetteer.get('city:13113')?.name).toBe('渋谷区');
    expect(gazetteer.get('city:99999')).toBeUndefined();
    expect([...gazetteer.all()].map((a) => a.id)).toEqual(AREAS.map((a) => a.id));
  });

  it('finds a station with and without 駅; a name without 駅 also finds other levels, one with 駅 only stations', () => {
    expect(
      gazetteer
        .lookup('渋谷')
        .map((a) => a.id)
        .sort(),
    ).toEqual(['city:13113', 'station:1']);
    expect(gazetteer.lookup('渋谷駅').map((a) => a.id)).toEqual(['station:1']);
    expect(gazetteer.lookup('東京').map((a) => a.id)).toEqual(['pref:13']);
    expect(gazetteer.lookup('大阪')).toEqual([]);
  });

  it('trims and NFKC-normalises both the query and the names', () => {
    expect(gazetteer.lookup('  渋谷駅 ').map((a) => a.id)).toEqual(['station:1']);
    expect(gazetteer.lookup('ABC駅').map((a) => a.id)).toEqual(['station:2']);
  });

  it('returns a copy: changing a result does not change the index', () => {
    gazetteer.lookup('渋谷').length = 0;
    expect(gazetteer.lookup('渋谷')).toHaveLength(2);
  });

  it('lists ancestors nearest first, ending with the country, and expands ids with them', () => {
    expect(gazetteer.ancestors('station:1').map((a) => a.id)).toEqual(['city:13113', 'pref:13', 'jp']);
    expect(gazetteer.ancestors('jp')).toEqual([]);
    expect(gazetteer.ancestors('nope')).toEqual([]);
    expect(gazetteer.withAncestors(['station:1', 'station:2', 'city:13113', 'nope'])).toEqual([
      'station:1',
      'city:13113',
      'pref:13',
      'jp',
      'station:2',
      'nope',
    ]);
  });

  it('refuses duplicate ids, missing parents and parent cycles, listing each', () => {
    expect(() => Gazetteer.from([...AREAS, area('pref:13', '東京', 'prefecture', 'jp'), area('city:1', 'x市', 'city', 'pref:99')])).toThrow(
      /duplicate id pref:13.*city:1: parent pref:99 does not exist/,
    );
    expect(() => Gazetteer.from([area('city:1', 'a市', 'city', 'city:2'), area('city:2', 'b市', 'city', 'city:1')])).toThrow(
      /parent cycle/,
    );
  });
});
