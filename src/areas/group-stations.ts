import { normalizeName, stripStationSuffix } from './area-names.js';
import { distanceKm } from './geo-distance.js';
import type { StationRecord } from './station-records.js';

/**
 * Line records of one name closer than this are one physical station. 1.5 km joins every
 * platform of 新宿 (JR, Keiō, Odakyū, Metro, Toei: ≤ 0.5 km apart) and of 仙台 (0.2 km) but
 * keeps apart stations that share a name and are separate stops a town apart: JR and
 * subway 白石 in Sapporo (1.7 km), JR and Hanshin 尼崎 (2.0 km).
 */
export const SAME_STATION_KM = 1.5;

export interface StationGroup {
  /** Display name: the name without a parenthetical or a 駅 suffix ('押上（スカイツリー前）' → '押上'). */
  name: string;
  records: StationRecord[];
}

/** '押上（スカイツリー前）' → '押上'; '富山駅' (a tram stop's name) → '富山'. */
export function stationDisplayName(rawName: string): string {
  const withoutNote = rawName.replace(/[（(][^（）()]*[）)]$/u, '').trim();
  return stripStationSuffix(withoutNote || rawName);
}

/**
 * Groups line records into physical stations: same normalised display name, and linked
 * by a chain of records each within SAME_STATION_KM of the next (single linkage), so a
 * big interchange whose far exits are 1.5 km apart still ends up as one group. Records
 * in a group and groups themselves are ordered by record id, which keeps the output (and
 * the ids derived from it) the same from run to run.
 */
export function groupStationRecords(records: readonly StationRecord[], maxKm = SAME_STATION_KM): StationGroup[] {
  const byName = new Map<string, StationRecord[]>();
  for (const record of [...records].sort((a, b) => a.id - b.id)) {
    const key = normalizeName(stationDisplayName(record.name));
    const list = byName.get(key);
    if (list) list.push(record);
    else byName.set(key, [record]);
  }
  const groups: StationGroup[] = [];
  for (const sameName of byName.values()) {
    for (const cluster of linkNearby(sameName, maxKm)) {
      groups.push({ name: stationDisplayName(cluster[0]!.name), records: cluster });
    }
  }
  return groups.sort((a, b) => a.records[0]!.id - b.records[0]!.id);
}

/** Connected components of "within maxKm"; n is small (≤ ~60 records share a name). */
function linkNearby(records: StationRecord[], maxKm: number): StationRecord[][] {
  const component = records.map((_, i) => i);
  const find = (i: number): number => (component[i] === i ? i : (component[i] = find(component[i]!)));
  for (let i = 0; i < records.length; i++) {
    for (let j = i + 1; j < records.length; j++) {
      const a = records[i]!;
      const b = records[j]!;
      if (distanceKm(a.lat, a.lng, b.lat, b.lng) <= maxKm) component[find(j)] = find(i);
    }
  }
  const clusters = new Map<number, StationRecord[]>();
  records.forEach((record, i) => {
    const root = find(i);
    const cluster = clusters.get(root);
    if (cluster) cluster.push(record);
    else clusters.set(root, [record]);
  });
  return [...clusters.values()];
}
