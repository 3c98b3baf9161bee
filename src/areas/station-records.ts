import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * One station of one line, as japan-train-data lists it (its ids are 駅データ.jp's
 * station_cd), reduced to what the gazetteer needs. The package files a record under
 * every prefecture its LINE passes through (新宿 of the JR Saikyō line appears under
 * 埼玉県), so that field is kept only as `linePrefectures`, the set of prefectures the
 * station can plausibly be in. Its own address comes from the package's reverse geocoding
 * of the record's lat/lng (`location.administrativeArea1`, `locality1`, `ward`), which is
 * missing or mis-encoded (U+FFFD) for ~1 % of records.
 */
export interface StationRecord {
  id: number;
  name: string;
  lat: number;
  lng: number;
  geocodedPrefecture: string | null;
  geocodedLocality: string | null;
  geocodedWard: string | null;
  linePrefectures: number[];
}

interface Localised {
  ja?: string;
}

interface RawStation {
  id: number;
  name: Localised;
  location?: { lat?: number; lng?: number; administrativeArea1?: Localised; locality1?: Localised; ward?: Localised };
}

/** The package's data: prefectures (by the JIS number) → lines → line records. */
export interface RawPrefecture {
  id: number;
  lines: { stations: RawStation[] }[];
}

const PACKAGE = 'japan-train-data';
const DATA_START = 'var data = ';
const DATA_END = '\n;\n';

/**
 * Reads the 16,321 line records and merges the copies of one record (same station_cd,
 * filed under several prefectures) into one of 10,555.
 *
 * The package is a 24 MB script whose data is a JSON array literal. Parsing that literal
 * with JSON.parse takes ~0.6 s and +80 MB of RSS, against ~1.6–2.3 s and +305 MB for
 * require() (measured on this machine); require() is the fallback if the bundle ever
 * changes shape. Nothing is cached: the data is garbage once the areas are built (~10 MB).
 */
export function readStationRecords(): StationRecord[] {
  return mergeLineCopies(readPackageData());
}

function readPackageData(): RawPrefecture[] {
  const require = createRequire(import.meta.url);
  const file = require.resolve(PACKAGE);
  const source = readFileSync(file, 'utf8');
  const start = source.indexOf(DATA_START);
  const end = source.indexOf(DATA_END, start);
  if (start >= 0 && end > start) {
    try {
      const data: unknown = JSON.parse(source.slice(start + DATA_START.length, end));
      if (Array.isArray(data)) return data as RawPrefecture[];
    } catch {
      // fall through to the package's own export
    }
  }
  try {
    return (require(PACKAGE) as { prefectures: RawPrefecture[] }).prefectures;
  } finally {
    delete require.cache[file];
  }
}

export function mergeLineCopies(prefectures: readonly RawPrefecture[]): StationRecord[] {
  const byId = new Map<number, StationRecord>();
  for (const prefecture of prefectures) {
    for (const line of prefecture.lines) {
      for (const raw of line.stations) addRecord(byId, raw, prefecture.id);
    }
  }
  return [...byId.values()];
}

function addRecord(byId: Map<number, StationRecord>, raw: RawStation, linePrefecture: number): void {
  const lat = raw.location?.lat;
  const lng = raw.location?.lng;
  const name = raw.name.ja;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !name) return;
  const known = byId.get(raw.id);
  if (known) {
    if (!known.linePrefectures.includes(linePrefecture)) known.linePrefectures.push(linePrefecture);
    return;
  }
  byId.set(raw.id, {
    id: raw.id,
    name,
    lat,
    lng,
    geocodedPrefecture: raw.location?.administrativeArea1?.ja || null,
    geocodedLocality: raw.location?.locality1?.ja || null,
    geocodedWard: raw.location?.ward?.ja || null,
    linePrefectures: [linePrefecture],
  });
}
