const TRACKING_PARAMS = /^(utm_[a-z]+|fbclid|gclid|yclid|mc_cid|mc_eid)$/i;

/**
 * The form of an article URL used to recognise the same article reached by
 * different links: lower-case scheme and host, no default port, no fragment,
 * no tracking parameters, remaining parameters sorted.
 */
export function canonicalUrl(raw: string): string {
  const url = new URL(raw);
  url.hash = '';
  const kept = [...url.searchParams.entries()].filter(([name]) => !TRACKING_PARAMS.test(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = new URLSearchParams(kept).toString();
  return url.toString();
}
