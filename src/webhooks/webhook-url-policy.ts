import { describeNonPublicAddress } from '../fetch/address-policy.js';
import { systemLookup, type Lookup } from '../fetch/checked-connector.js';
import { parseIp } from '../fetch/ip-address.js';

export interface WebhookUrlPolicy {
  /** ALLOW_PRIVATE_NETWORK_FETCH: loopback, private and reserved addresses may be used. */
  allowPrivateNetwork: boolean;
  /** WEBHOOK_REQUIRE_HTTPS: plain http URLs are refused. */
  requireHttps: boolean;
  lookup?: Lookup;
}

const PRIVATE_POLICY = 'webhooks may not reach private networks (the operator can set ALLOW_PRIVATE_NETWORK_FETCH=true)';
/** A name that takes longer to resolve is taken: its deliveries are checked again when sent. */
const RESOLVE_LIMIT_MS = 2_000;

/**
 * Why a webhook URL cannot be saved, as the message of a 400 on `url`, or null
 * when it can. The same rules the sender applies at every attempt (docs/webhooks.md,
 * Network rule), checked when the URL is set, so a tenant learns at once instead of
 * from failed deliveries, and a password never reaches the tenant view. A name is
 * resolved here as well; the sender checks the address it connects to again, so a
 * name re-pointed later (DNS rebinding) is still refused when sent.
 */
export async function webhookUrlProblem(raw: string, policy: WebhookUrlPolicy): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not a valid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `uses ${url.protocol}; a webhook URL is http or https`;
  if (url.username !== '' || url.password !== '') {
    return (
      'carries a user name or password; credentials in a webhook URL are refused (they would be shown with the ' +
      'tenant): verify deliveries by their signature instead'
    );
  }
  if (url.protocol === 'http:' && policy.requireHttps) return 'uses plain http; this service sends webhooks over https only';
  if (policy.allowPrivateNetwork) return null;

  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (parseIp(host)) {
    const why = describeNonPublicAddress(host);
    return why === null ? null : `${host} is ${why}; ${PRIVATE_POLICY}`;
  }
  const addresses = await resolveWithin(policy.lookup ?? systemLookup, host, RESOLVE_LIMIT_MS);
  // Said as the sender says it: what a name resolves to inside our network is not the tenant's to learn.
  if (addresses.some((a) => describeNonPublicAddress(a) !== null))
    return `${host} resolves to a private or reserved address; ${PRIVATE_POLICY}`;
  return null;
}

/** The name's addresses, or none when it does not resolve (yet) or takes too long. */
async function resolveWithin(lookup: Lookup, host: string, limitMs: number): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => resolve([]), limitMs);
  });
  const found = lookup(host).then(
    (addresses) => addresses.map((a) => a.address),
    () => [],
  );
  try {
    return await Promise.race([found, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The URL as shown to the tenant: a password saved before credentials were
 * refused (issue 17) is not shown again. Such a URL's deliveries fail anyway.
 */
export function shownWebhookUrl(url: string | null): string | null {
  if (url === null || !url.includes('@')) return url;
  try {
    const parsed = new URL(url);
    if (parsed.username === '' && parsed.password === '') return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.href;
  } catch {
    return url;
  }
}
