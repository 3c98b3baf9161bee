/**
 * One place in Japan the feed can be filtered by. Ids carry their level as a prefix so a
 * misplaced id is obvious: 'jp', 'pref:13', 'city:13104' (the 5-digit 全国地方公共団体コード
 * without its check digit; Tokyo's special wards and designated-city wards are cities too,
 * a ward's parent being its city), 'station:<n>' (see station-areas.ts for <n>).
 */
export type AreaLevel = 'country' | 'prefecture' | 'city' | 'station';

export interface Area {
  id: string;
  name: string;
  level: AreaLevel;
  parentId: string | null;
  lat: number | null;
  lng: number | null;
  aliases: string[];
}

export const AREA_LEVELS: readonly AreaLevel[] = ['country', 'prefecture', 'city', 'station'];

/** The id prefix each level's ids must carry; the country is the bare 'jp'. */
export const ID_PREFIX: Readonly<Record<AreaLevel, string>> = {
  country: '',
  prefecture: 'pref:',
  city: 'city:',
  station: 'station:',
};

export function isAreaLevel(value: string): value is AreaLevel {
  return (AREA_LEVELS as readonly string[]).includes(value);
}

/** The levels a parent of each level may have: a ward's parent is its city. */
export const ALLOWED_PARENT_LEVELS: Readonly<Record<AreaLevel, readonly AreaLevel[]>> = {
  country: [],
  prefecture: ['country'],
  city: ['prefecture', 'city'],
  station: ['city', 'prefecture'],
};

/** Why an id does not fit its level, or null when it does. */
export function idLevelProblem(id: string, level: AreaLevel): string | null {
  const prefix = ID_PREFIX[level];
  if (level === 'country') {
    return /^[a-z]{2}$/.test(id) ? null : `a country id is a 2-letter code such as 'jp', got '${id}'`;
  }
  if (!id.startsWith(prefix) || id.length === prefix.length) {
    return `a ${level} id starts with '${prefix}' followed by a code, got '${id}'`;
  }
  return /\s/.test(id) ? `ids contain no whitespace, got '${id}'` : null;
}
