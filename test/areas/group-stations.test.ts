import { describe, expect, it } from 'vitest';
import type { Area } from '../../src/areas/area.js';
import { groupStationRecords } from '../../src/areas/group-stations.js';
import { placeStations } from '../../src/areas/place-stations.js';
import { stationAreas } from '../../src/areas/station-areas.js';
import { mergeLineCopies, type StationRecord } from '../../src/areas/station-records.js';

function record(id: number, name: string, lat: number, lng: number, address: Partial<StationRecord> = {}): StationRecord {
  return { id, name, lat, lng, geocodedPrefecture: null, geocodedLocality: null, geocodedWard: null, linePrefectures: [13], ...address };
}

const place = (id: string, name: string, level: Area['level'], parentId: string | null): Area => ({
  id,
  name,
  level,
  parentId,
  lat: null,
  lng: null,
  aliases: [],
});
const MUNICIPAL: Area[] = [
  place('jp', '日本', 'country', null),
  place('pref:11', '埼玉県', 'prefecture', 'jp'),
  place('pref:13', '東京都', 'prefecture', 'jp'),
  place('pref:34', '広島県', 'prefecture', 'jp'),
  place('city:13104', '新宿区', 'city', 'pref:13'),
  place('city:13206', '府中市', 'city', 'pref:13'),
  place('city:34208', '府中市', 'city', 'pref:34'),
  place('city:34100', '広島市', 'city', 'pref:34'),
  place('city:34101', '中区', 'city', 'city:34100'),
];

describe('reading line records', () => {
  it("merges the copies of one record filed under each of its line's prefectures", () => {
    const shinjuku = {
      id: 1130208,
      name: { ja: '新宿' },
      location: { lat: 35.69, lng: 139.7, administrativeArea1: { ja: '東京都' }, locality1: { ja: '新宿区' }, ward: {} },
    };
    const records = mergeLineCopies([
      { id: 11, lines: [{ stations: [shinjuku] }] },
      { id: 13, lines: [{ stations: [shinjuku, { id: 2, name: { ja: '位置なし' } }] }] },
    ]);
    expect(records).toEqual([
      {
        id: 1130208,
        name: '新宿',
        lat: 35.69,
        lng: 139.7,
        geocodedPrefecture: '東京都',
        geocodedLocality: '新宿区',
        geocodedWard: null,
        linePrefectures: [11, 13],
      },
    ]);
  });
});

describe('grouping line records into stations', () => {
  it('joins records of one name within 1.5 km, keeps the same name far apart separate', () => {
    const groups = groupStationRecords([
      record(30, '新宿', 35.6897, 139.7005),
      record(10, '新宿', 35.6887, 139.6988), // 0.2 km away: another line's platform
      record(20, '府中', 35.6722, 139.4799),
      record(40, '府中', 34.5716, 133.236), // Hiroshima
      record(50, '白石', 43.0547, 141.4136),
      record(60, '白石', 43.0461, 141.3962), // 1.7 km: a different stop
    ]);
    expect(groups.map((g) => [g.name, g.records.map((r) => r.id)])).toEqual([
      ['新宿', [10, 30]],
      ['府中', [20]],
      ['府中', [40]],
      ['白石', [50]],
      ['白石', [60]],
    ]);
  });

  it('treats a parenthetical or a 駅 suffix as the same name', () => {
    const groups = groupStationRecords([
      record(1, '押上（スカイツリー前）', 35.7107, 139.8129),
      record(2, '押上', 35.7106, 139.813),
      record(3, '富山駅', 36.7015, 137.213),
      record(4, '富山', 36.7012, 137.2129),
    ]);
    expect(groups.map((g) => [g.name, g.records.length])).toEqual([
      ['押上', 2],
      ['富山', 2],
    ]);
    const areas = stationAreas(placeStations(groups, MUNICIPAL));
    expect(areas.map((a) => [a.id, a.name, a.aliases])).toEqual([
      ['station:1', '押上', ['押上（スカイツリー前）', '押上駅']],
      ['station:3', '富山', ['富山駅']],
    ]);
  });
});

describe('placing stations', () => {
  it("uses the station's own address, not the line's prefecture, and its municipality or ward as parent", () => {
    const placed = placeStations(
      groupStationRecords([
        record(1, '新宿', 35.6897, 139.7005, { geocodedPrefecture: '東京都', geocodedLocality: '新宿区', linePrefectures: [11, 13] }),
        record(2, '紙屋町', 34.3955, 132.4577, {
          geocodedPrefecture: '広島県',
          geocodedLocality: '広島市',
          geocodedWard: '中区',
          linePrefectures: [34],
        }),
      ]),
      MUNICIPAL,
    );
    expect(placed.map((p) => [p.prefectureId, p.municipalityId, p.method])).toEqual([
      ['pref:13', 'city:13104', 'address'],
      ['pref:34', 'city:34101', 'address'],
    ]);
  });

  it('repairs mis-encoded names when one name fits, and ignores an address outside every line prefecture', () => {
    const [garbled, outside, noPrefecture] = placeStations(
      groupStationRecords([
        record(1, '府中', 35.6722, 139.4799, { geocodedPrefecture: '東���都', geocodedLocality: '府中���' }),
        record(2, '某', 35.9, 139.6, { geocodedPrefecture: '広島県', linePrefectures: [11] }),
        record(3, '西新宿', 35.6946, 139.6926, { geocodedLocality: '新宿区', linePrefectures: [13] }),
      ]),
      MUNICIPAL,
    );
    expect([garbled!.prefectureId, garbled!.municipalityId, garbled!.method]).toEqual(['pref:13', 'city:13206', 'address']);
    expect([outside!.prefectureId, outside!.method]).toEqual(['pref:11', 'line']);
    expect([noPrefecture!.prefectureId, noPrefecture!.municipalityId, noPrefecture!.method]).toEqual(['pref:13', 'city:13104', 'line']);
  });

  it("without an address or a single line prefecture, votes among the nearest placed stations of the lines' prefectures", () => {
    const near = (id: number, lat: number): StationRecord =>
      record(id, `駅${id}`, lat, 139.7, { geocodedPrefecture: '東京都', linePrefectures: [13] });
    const placed = placeStations(
      groupStationRecords([
        near(1, 35.7),
        near(2, 35.71),
        near(3, 35.72),
        record(4, '埼玉側', 35.9, 139.7, { geocodedPrefecture: '埼玉県', linePrefectures: [11] }),
        record(9, '境界', 35.715, 139.7, { linePrefectures: [11, 13] }),
      ]),
      MUNICIPAL,
    );
    const border = placed.find((p) => p.group.name === '境界')!;
    expect([border.prefectureId, border.municipalityId, border.method]).toEqual(['pref:13', null, 'neighbours']);
  });
});
