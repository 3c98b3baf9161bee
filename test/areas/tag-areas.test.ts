import { beforeAll, describe, expect, it } from 'vitest';
import type { Area } from '../../src/areas/area.js';
import { loadBuiltinAreas } from '../../src/areas/builtin-areas.js';
import { Gazetteer } from '../../src/areas/gazetteer.js';
import { AreaTagger } from '../../src/areas/tag-areas.js';

describe('AreaTagger on the built-in gazetteer', () => {
  let gazetteer: Gazetteer;
  let tagger: AreaTagger;
  beforeAll(() => {
    gazetteer = Gazetteer.from(loadBuiltinAreas());
    tagger = new AreaTagger(gazetteer);
  });
  const stationId = (name: string, prefectureId: string): string =>
    gazetteer.lookup(`${name}駅`).find((s) => gazetteer.ancestors(s.id).some((a) => a.id === prefectureId))!.id;
  const tagIds = (text: string): string[] => tagger.tag(text).map((a: Area) => a.id);

  it('tags 新宿駅 and resolves 府中市 to Tokyo from the context; ancestors are implied', () => {
    const ids = tagIds('新宿駅から京王線に乗り、府中市の競馬場へ向かった。');
    expect(ids).toEqual([stationId('新宿', 'pref:13'), 'city:13206']);
    expect(gazetteer.withAncestors(ids)).toEqual(expect.arrayContaining(['city:13104', 'pref:13', 'jp']));
  });

  it('resolves the same name to Hiroshima when the text says so', () => {
    expect(tagIds('広島県の府中市で祭りが開かれた。')).toEqual(['city:34208']);
    expect(tagIds('広島県府中市')).toEqual(['city:34208']);
  });

  it('tags nothing for an ambiguous name the text does not settle', () => {
    expect(tagIds('府中市の話題')).toEqual([]);
    expect(tagIds('大久保駅で人身事故')).toEqual([]);
    expect(tagIds('東京都と広島県で府中市が話題')).toEqual(['pref:13', 'pref:34']);
  });

  it('tags a station only as <name>駅: 大久保 the surname is not a station', () => {
    expect(tagIds('大久保さんは会見で新作について語った。')).toEqual([]);
    expect(tagIds('新宿区の大久保駅の近くで火災があった。')).toEqual([stationId('大久保', 'pref:13')]);
  });

  it('prefers the longest match', () => {
    expect(tagIds('東京駅に到着')).toEqual([stationId('東京', 'pref:13')]);
    expect(tagIds('新宿区役所で会見')).toEqual(['city:13104']);
    expect(tagIds('大阪市北区の梅田駅')).toEqual([stationId('梅田', 'pref:27')]);
  });

  it('tags prefectures by full name and safe short forms; 京都 is the prefecture', () => {
    expect(tagIds('北海道と神奈川県と大阪府')).toEqual(['pref:01', 'pref:14', 'pref:27']);
    expect(tagIds('東京で雪、大阪は雨')).toEqual(['pref:13', 'pref:27']);
    expect(tagIds('京都の紅葉')).toEqual(['pref:26']);
    expect(tagIds('京都市の紅葉')).toEqual(['city:26100']);
    expect(tagIds('千葉さんと山口さん')).toEqual([]); // surname-like short forms are not tagged bare
    expect(tagIds('千葉県')).toEqual(['pref:12']);
  });

  it('tags municipalities by full name only, and short ones only at a word start', () => {
    expect(tagIds('渋谷で買い物')).toEqual([]);
    expect(tagIds('渋谷区で買い物')).toEqual(['city:13113']);
    expect(tagIds('「下市」という地名')).toEqual([]); // the stem of 下市町 ends in 市 but is still a stem
    expect(tagIds('長野県大町市')).toEqual(['city:20212']);
    expect(tagIds('観光市場が賑わう')).toEqual([]);
    expect(tagIds('山口県光市の工場')).toEqual(['city:35210']);
    expect(tagIds('東京都港区')).toEqual(['city:13103']);
  });

  it('normalises text and names alike (full-width digits, half-width kana)', () => {
    const nishi11 = gazetteer.lookup('西１１丁目駅');
    expect(nishi11).toHaveLength(1);
    expect(tagIds('札幌の西１１丁目駅')).toEqual([nishi11[0]!.id]);
    expect(tagIds('札幌の西11丁目駅')).toEqual([nishi11[0]!.id]);
  });
});
