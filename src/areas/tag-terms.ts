import type { Area } from './area.js';
import { STATION_SUFFIX, municipalStem, normalizeName, stripStationSuffix } from './area-names.js';

/**
 * Prefecture short forms that are common surnames or words, so they are not tagged bare
 * (a lookup still finds them, and '千葉県', '千葉駅', '千葉市' are tagged): 山口, 石川 and
 * 千葉 are among Japan's 100 most common surnames; 三重 means "triple", 大分 "quite".
 */
export const UNTAGGED_PREFECTURE_SHORT_FORMS: ReadonlySet<string> = new Set([
  '千葉',
  '山口',
  '石川',
  '宮崎',
  '長野',
  '福島',
  '富山',
  '福井',
  '岡山',
  '秋田',
  '宮城',
  '山形',
  '香川',
  '長崎',
  '福岡',
  '栃木',
  '山梨',
  '佐賀',
  '三重',
  '大分',
]);

export interface TagTerm {
  /** Every area this exact text can mean; more than one is resolved by context. */
  areas: Area[];
  /** A 2-character municipal name ('港区', '光市') counts only when no ideograph precedes it ('観光市場' is not 光市). */
  needsBoundary: boolean;
}

/**
 * The texts that tag an area (normalised):
 * - country: none (every tagged area implies 'jp' through its ancestors);
 * - prefecture: its name and aliases ('東京都', '東京'), except the short forms above;
 * - city: its name and aliases that end in 市/区/町/村 ('府中市', '大阪市北区', never the stem:
 *   '府中', nor '大町' of 大町市), except 2-character towns and villages ('栄町', '森町': also neighbourhood
 *   names in other cities), which are tagged only with their prefecture ('千葉県栄町');
 * - station: only as '<name>駅', for its name and each alias ('大久保駅', never '大久保').
 */
export function tagSurfaces(area: Area): string[] {
  const names = [area.name, ...area.aliases].map(normalizeName).filter((n) => n.length > 0);
  switch (area.level) {
    case 'country':
      return [];
    case 'prefecture':
      return unique(names.filter((n) => n.length >= 2 && !UNTAGGED_PREFECTURE_SHORT_FORMS.has(n)));
    case 'city': {
      // A stem can itself end in 町 or 市 (大町 of 大町市, 下市 of 下市町) and must still not count.
      const stem = municipalStem(normalizeName(area.name));
      return unique(names.filter((n) => /[市区町村]$/.test(n) && n !== stem && !(n.length === 2 && /[町村]$/.test(n))));
    }
    case 'station':
      return unique(names.map((n) => stripStationSuffix(n) + STATION_SUFFIX).filter((n) => n.length >= 2));
  }
}

export function buildTagTerms(areas: Iterable<Area>): Map<string, TagTerm> {
  const terms = new Map<string, TagTerm>();
  for (const area of areas) {
    for (const surface of tagSurfaces(area)) {
      const term = terms.get(surface);
      if (term) {
        if (!term.areas.includes(area)) term.areas.push(area);
      } else {
        terms.set(surface, { areas: [area], needsBoundary: area.level === 'city' && surface.length <= 2 });
      }
    }
  }
  return terms;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
