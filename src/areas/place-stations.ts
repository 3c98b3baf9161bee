import type { Area } from './area.js';
import { distanceKm } from './geo-distance.js';
import { matchPossiblyGarbled } from './garbled-name.js';
import type { StationGroup } from './group-stations.js';
import type { StationRecord } from './station-records.js';

/**
 * How a station's prefecture was found:
 * - 'address': the reverse-geocoded address of its records, accepted only when that
 *   prefecture is one its lines are filed under (true for all 10,459 readable addresses);
 * - 'line': no readable address, but all its lines lie in one prefecture;
 * - 'neighbours': neither; the majority prefecture of the 5 nearest placed stations,
 *   among the prefectures its lines pass through.
 */
export type PlacementMethod = 'address' | 'line' | 'neighbours';

export interface PlacedStation {
  group: StationGroup;
  prefectureId: string;
  /** The ward or municipality from the address, or null (towns in a 郡: the address names only the 郡; unreadable addresses). */
  municipalityId: string | null;
  method: PlacementMethod;
}

const NEIGHBOURS = 5;

export function placeStations(groups: readonly StationGroup[], municipal: readonly Area[]): PlacedStation[] {
  const index = new MunicipalIndex(municipal);
  const placed: PlacedStation[] = [];
  const pending: StationGroup[] = [];
  for (const group of groups) {
    const fromAddress = group.records.map((record) => index.placeRecord(record));
    const prefectureId = majority(fromAddress.map((p) => p?.prefectureId));
    if (prefectureId) {
      const municipalityId = majority(fromAddress.map((p) => (p?.prefectureId === prefectureId ? p.municipalityId : null)));
      placed.push({ group, prefectureId, municipalityId, method: 'address' });
      continue;
    }
    const lineOnly = commonLinePrefectures(group.records);
    if (lineOnly.length === 1) placed.push(withMunicipality(group, prefectureIdOf(lineOnly[0]!), 'line'));
    else pending.push(group);
  }
  const reference = [...placed];
  for (const group of pending) placed.push(withMunicipality(group, voteOfNeighbours(group, reference), 'neighbours'));
  return placed;

  /** The prefecture is known another way; a readable locality can still name the municipality ('我孫子市'). */
  function withMunicipality(group: StationGroup, prefectureId: string, method: PlacementMethod): PlacedStation {
    return { group, prefectureId, municipalityId: majority(group.records.map((r) => index.municipality(prefectureId, r))), method };
  }
}

function prefectureIdOf(n: number): string {
  return `pref:${String(n).padStart(2, '0')}`;
}

function commonLinePrefectures(records: readonly StationRecord[]): number[] {
  return records.reduce<number[]>((common, r) => common.filter((p) => r.linePrefectures.includes(p)), [...records[0]!.linePrefectures]);
}

function voteOfNeighbours(group: StationGroup, reference: readonly PlacedStation[]): string {
  const { lat, lng } = group.records[0]!;
  const allowed = new Set(group.records.flatMap((r) => r.linePrefectures.map(prefectureIdOf)));
  const nearest = reference
    .filter((p) => allowed.has(p.prefectureId))
    .map((p) => ({ p, km: distanceKm(lat, lng, p.group.records[0]!.lat, p.group.records[0]!.lng) }))
    .sort((a, b) => a.km - b.km)
    .slice(0, NEIGHBOURS);
  return majority(nearest.map((n) => n.p.prefectureId)) ?? [...allowed][0]!;
}

/** The most frequent non-null value; ties go to the one seen first (records are in id order). */
function majority(values: readonly (string | null | undefined)[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | null = null;
  for (const [value, count] of counts) if (best === null || count > counts.get(best)!) best = value;
  return best;
}

class MunicipalIndex {
  private readonly prefectures = new Map<string, Area>();
  private readonly citiesByPrefecture = new Map<string, Map<string, Area>>();
  private readonly wardsByCity = new Map<string, Map<string, Area>>();
  private readonly wardsByPrefecture = new Map<string, Map<string, Area | null>>();

  constructor(areas: readonly Area[]) {
    const byId = new Map(areas.map((a) => [a.id, a]));
    for (const area of areas) {
      if (area.level === 'prefecture') this.prefectures.set(area.name, area);
      if (area.level !== 'city' || !area.parentId) continue;
      const parent = byId.get(area.parentId);
      if (parent?.level === 'prefecture') childMap(this.citiesByPrefecture, parent.id).set(area.name, area);
      if (parent?.level === 'city' && parent.parentId) {
        childMap(this.wardsByCity, parent.id).set(area.name, area);
        const sameName = childMap(this.wardsByPrefecture, parent.parentId);
        sameName.set(area.name, sameName.has(area.name) ? null : area); // null: ambiguous in this prefecture
      }
    }
  }

  placeRecord(record: StationRecord): { prefectureId: string; municipalityId: string | null } | null {
    const prefName = matchPossiblyGarbled(record.geocodedPrefecture, this.prefectures);
    const prefecture = prefName ? this.prefectures.get(prefName) : undefined;
    if (!prefecture || !record.linePrefectures.map(prefectureIdOf).includes(prefecture.id)) return null;
    return { prefectureId: prefecture.id, municipalityId: this.municipality(prefecture.id, record) };
  }

  municipality(prefectureId: string, record: StationRecord): string | null {
    const cities = this.citiesByPrefecture.get(prefectureId) ?? new Map<string, Area>();
    const cityName = matchPossiblyGarbled(record.geocodedLocality, cities);
    const city = cityName ? cities.get(cityName) : undefined;
    if (city) {
      const wards = this.wardsByCity.get(city.id);
      const wardName = wards ? matchPossiblyGarbled(record.geocodedWard, wards) : null;
      return (wardName ? wards?.get(wardName)?.id : undefined) ?? city.id;
    }
    // A few addresses name the ward of a designated city without the city ('太白区').
    const wards = this.wardsByPrefecture.get(prefectureId) ?? new Map<string, Area | null>();
    const wardName = matchPossiblyGarbled(record.geocodedLocality, wards);
    return (wardName ? wards.get(wardName)?.id : undefined) ?? null;
  }
}

function childMap<V>(maps: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let map = maps.get(key);
  if (!map) maps.set(key, (map = new Map<string, V>()));
  return map;
}
