const REPLACEMENT = '\ufffd';

/**
 * Finds `raw` among `names`, repairing the package's mis-encoded text: '北���道' (a
 * character's UTF-8 bytes each turned into U+FFFD) matches '北海道'. A run of n U+FFFD
 * stands for 1..n characters; the repair is accepted only when exactly one name fits.
 */
export function matchPossiblyGarbled(raw: string | null, names: ReadonlyMap<string, unknown>): string | null {
  if (!raw) return null;
  if (!raw.includes(REPLACEMENT)) return names.has(raw) ? raw : null;
  const pattern = raw
    .split(/(\ufffd+)/u)
    .map((part) => (part.startsWith(REPLACEMENT) ? `.{1,${part.length}}` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  if (pattern.replace(/\.\{1,\d+\}/g, '') === '') return null;
  const re = new RegExp(`^${pattern}$`, 'u');
  let found: string | null = null;
  for (const name of names.keys()) {
    if (!re.test(name)) continue;
    if (found !== null) return null;
    found = name;
  }
  return found;
}
