/** Absolute http(s) URL of href against base, or null for other schemes and unparsable text. */
export function httpUrl(href: string | null | undefined, base: string): string | null {
  if (href === null || href === undefined) return null;
  const trimmed = href.trim();
  if (trimmed === '') return null;
  try {
    const url = new URL(trimmed, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
