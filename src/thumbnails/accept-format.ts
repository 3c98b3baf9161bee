/** What a thumbnail is encoded as. `fallback` is JPEG, or PNG when the image has transparency. */
export type VariantKind = 'avif' | 'webp' | 'fallback';

/**
 * The encoding a browser's `Accept` header allows, best first: AVIF when it
 * names `image/avif` with q > 0, else WebP when it names `image/webp` with
 * q > 0, else JPEG/PNG, which every browser decodes. Wildcards (`image/*`,
 * `*\/*`) do not count for AVIF or WebP: a client that lists neither may not
 * decode them (curl, old browsers), and `*\/*` alone means "anything", so the
 * safe choice.
 */
export function chooseVariant(accept: string | undefined): VariantKind {
  const q = explicitQualities(accept ?? '');
  if ((q.get('image/avif') ?? 0) > 0) return 'avif';
  if ((q.get('image/webp') ?? 0) > 0) return 'webp';
  return 'fallback';
}

/** Media ranges named exactly, with their q-values (default 1; malformed q counts as 0). */
function explicitQualities(accept: string): Map<string, number> {
  const qualities = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [range, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (!range) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([0-9.]+)$/.exec(param);
      if (match) q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(match[1]!) ? Number(match[1]) : 0;
    }
    // The most specific mention wins; when a range repeats, the first one.
    if (!qualities.has(range)) qualities.set(range, q);
  }
  return qualities;
}
