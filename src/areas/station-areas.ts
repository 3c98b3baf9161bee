import type { Area } from './area.js';
import { STATION_SUFFIX, stripStationSuffix } from './area-names.js';
import { stationDisplayName } from './group-stations.js';
import type { PlacedStation } from './place-stations.js';

/**
 * One area per physical station. Its id is 'station:' + the smallest 駅データ.jp
 * station_cd among its line records (新宿 → 'station:1130208', the JR Yamanote record):
 * station_cd is unique per line record, so no two groups share it, and it stays the same
 * as long as the data does. (The package's `gid`, 駅データ.jp's group code, is not unique
 * per name: 函館 and 函館駅前 share one.)
 *
 * name: without 駅 ('新宿'); aliases: '新宿駅' and every other spelling its records use
 * ('押上（スカイツリー前）', '富山駅' for a tram stop at 富山). lat/lng: the mean of its records.
 * parent: its municipality (a designated city's ward where known), else its prefecture.
 */
export function stationAreas(placed: readonly PlacedStation[]): Area[] {
  return placed.map(({ group, prefectureId, municipalityId }) => {
    const { records } = group;
    const aliases = new Set<string>();
    for (const record of records) {
      aliases.add(record.name);
      aliases.add(stripStationSuffix(stationDisplayName(record.name)) + STATION_SUFFIX);
    }
    aliases.delete(group.name);
    return {
      id: `station:${Math.min(...records.map((r) => r.id))}`,
      name: group.name,
      level: 'station',
      parentId: municipalityId ?? prefectureId,
      lat: round6(mean(records.map((r) => r.lat))),
      lng: round6(mean(records.map((r) => r.lng))),
      aliases: [...aliases],
    };
  });
}

function mean(values: number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
