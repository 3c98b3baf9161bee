/**
 * Name normalisation shared by the gazetteer index and the tagger, so both sides of every
 * comparison went through the same steps: NFKC (full-width digits and letters, half-width
 * kana) and trimmed.
 */
export function normalizeName(name: string): string {
  return name.normalize('NFKC').trim();
}

export const STATION_SUFFIX = '駅';

/** '渋谷駅' → '渋谷'; a bare '駅' stays itself. Expects a normalised name. */
export function stripStationSuffix(name: string): string {
  return name.length > 1 && name.endsWith(STATION_SUFFIX) ? name.slice(0, -1) : name;
}

/** A municipality's name without 市/区/町/村 ('府中市' → '府中'), or null when that would leave < 2 characters. */
export function municipalStem(name: string): string | null {
  if (!/[市区町村]$/.test(name)) return null;
  const stem = name.slice(0, -1);
  return stem.length >= 2 ? stem : null;
}

/** Han ideographs (and 々, ヶ): a short name right after one is probably part of a longer word. */
export function isIdeograph(char: string | undefined): boolean {
  return char !== undefined && /[\u3400-\u9fff\uf900-\ufaff々〆ヶ]/u.test(char);
}
