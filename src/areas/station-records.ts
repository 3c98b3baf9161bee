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
  prefecture: { id: number };
}

const PACKAGE = 'japan-train-data';

/**
 * Reads the 16,321 line records and merges the copies of one record (same station_cd,
 * filed under several prefectures) into one of 10,555. The package is a 24 MB script
 * whose data costs ~96 MB of heap; it is dropped from the require cache afterwards so
 * that memory goes back once the gazetteer is built (the areas keep ~10 MB).
 */
export function readStationRecords(): StationRecord[] {
  const require = createRequire(import.meta.url);
  const resolved = require.resolve(PACKAGE);
  try {
    const { stations } = require(PACKAGE) as { stations: RawStation[] };
    return mergeLineCopies(stations);
  } finally {
    delete require.cache[resolved];
  }
}

export function mergeLineCopies(stations: readonly RawStation[]): StationRecord[] {
  const byId = new Map<number, StationRecord>();
  for (const raw of stations) {
    const lat = raw.location?.lat;
    const lng = raw.location?.lng;
    const name = raw.name.ja;
    if (typeof lat !== 'number' || typeof lng !== 'number' || !name) continue;
    const known = byId.get(raw.id);
    if (known) {
      if (!known.linePrefectures.includes(raw.prefecture.id)) known.linePrefectures.push(raw.prefecture.id);
      continue;
    }
    byId.set(raw.id, {
      id: raw.id,
      name,
      lat,
      lng,
      geocodedPrefecture: raw.location?.administrativeArea1?.ja || null,
      geocodedLocality: raw.location?.locality1?.ja || null,
      geocodedWard: raw.location?.ward?.ja || null,
      linePrefectures: [raw.prefecture.id],
    });
  }
  return [...byId.values()];
}
