import { createHmac } from 'node:crypto';
import type * as Sha256Js from '@aws-crypto/sha256-js';
import type * as ProtocolHttp from '@smithy/protocol-http';
import type * as SignatureV4Module from '@smithy/signature-v4';
import type { SignatureV4 } from '@smithy/signature-v4';
import { lazyRequire } from '../lib/lazy-require.js';
import { secretsEqual } from '../lib/secret-hash.js';
import { assertObjectKey, objectKeyProblem } from './object-key.js';
import { assertExpiresIn, MAX_EXPIRES_SECONDS } from './presign-expiry.js';

/** The path under which this service serves local objects; the key follows it. */
export const OBJECTS_PATH = '/objects/';

const ACCESS_KEY_ID = 'content-feed';
const REGION = 'local';
// S3 presigned GETs sign no body: the canonical request ends in UNSIGNED-PAYLOAD,
// taken from this header, which stays out of the query and the signed headers.
const PAYLOAD_HASH_HEADER = 'x-amz-content-sha256';
const NOT_HOISTED_OR_SIGNED = new Set([PAYLOAD_HASH_HEADER]);
/** The parameters SigV4 presigning writes itself (the signature aside). */
const SIGNING_PARAMS = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders'] as const;
const SIGNATURE_PARAM = 'X-Amz-Signature';
// Loaded at the first URL signed or checked: ~50 ms of serve's start otherwise (issue 15).
const sha256Js = lazyRequire<typeof Sha256Js>('@aws-crypto/sha256-js');
const protocolHttp = lazyRequire<typeof ProtocolHttp>('@smithy/protocol-http');
const signatureV4 = lazyRequire<typeof SignatureV4Module>('@smithy/signature-v4');
const PARAM_NAME = /^[A-Za-z0-9._~-]+$/;

export type UrlVerdict = { valid: true; key: string; expiresAt: number } | { valid: false; reason: string; expiresAt?: number };

/**
 * Presigned GET URLs for the local store, in the AWS SigV4 query form S3 uses,
 * so clients handle them exactly like S3's; this service verifies them itself.
 * The signing key is derived from SECRET_KEY, so every node sharing that key
 * verifies every node's URLs, and rotating it revokes all URLs at once.
 *
 * The host and the path are signed. The path signed is the one in the URL,
 * PUBLIC_BASE_URL's path included; verification prefixes that path to the
 * path requested, so a proxy that strips it keeps URLs valid.
 */
export class LocalUrlSigner {
  private madeSigner: SignatureV4 | null = null;
  private readonly secretAccessKey: string;

  constructor(
    secretKey: string,
    private readonly publicBaseUrl: () => string,
  ) {
    this.secretAccessKey = createHmac('sha256', secretKey).update('content-feed:object-urls').digest('hex');
  }

  private get signer(): SignatureV4 {
    return (this.madeSigner ??= new (signatureV4().SignatureV4)({
      service: 's3',
      region: REGION,
      credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: this.secretAccessKey },
      sha256: sha256Js().Sha256,
      // Keys need no escaping (object-key.ts), and S3 signs the path as sent.
      uriEscapePath: false,
      applyChecksum: false,
    }));
  }

  /** `${publicBaseUrl}/objects/<key>?X-Amz-…`, valid from `now` (epoch ms) for `expiresInSeconds`. */
  async sign(key: string, expiresInSeconds: number, now: number): Promise<string> {
    assertObjectKey(key);
    assertExpiresIn(expiresInSeconds);
    const base = new URL(this.publicBaseUrl());
    const path = `${basePath(base)}${OBJECTS_PATH}${key}`;
    const signed = await this.presignedQuery(base.host, path, {}, new Date(now), expiresInSeconds);
    const query = Object.entries(signed).map(([name, value]) => `${escapeUri(name)}=${escapeUri(value)}`);
    return `${base.origin}${path}?${query.join('&')}`;
  }

  /**
   * Checks a request for a presigned URL: `pathAndQuery` as received (raw,
   * still percent-encoded), the request's Host header, the time now. Valid iff
   * the signature is the one this signer would give the same host, path and
   * parameters, and X-Amz-Date ≤ now ≤ X-Amz-Date + X-Amz-Expires (both ends
   * included, as S3 does).
   */
  async verify(pathAndQuery: string, host: string | undefined, now: number): Promise<UrlVerdict> {
    const invalid = (reason: string): UrlVerdict => ({ valid: false, reason });
    const q = pathAndQuery.indexOf('?');
    const path = q === -1 ? pathAndQuery : pathAndQuery.slice(0, q);
    if (!path.startsWith(OBJECTS_PATH)) return invalid('not an object path');
    const key = path.slice(OBJECTS_PATH.length);
    if (objectKeyProblem(key) !== null) return invalid('not an object path');
    if (q === -1) return invalid('not signed');
    if (!host) return invalid('no Host header');

    const query = parseQuery(pathAndQuery.slice(q + 1));
    if (query === null) return invalid('malformed or repeated query parameter');
    const signature = query.get(SIGNATURE_PARAM);
    if (signature === undefined) return invalid(`${SIGNATURE_PARAM} is missing`);
    const signedAt = parseAmzDate(query.get('X-Amz-Date'));
    if (signedAt === null) return invalid('X-Amz-Date is missing or malformed');
    const expires = query.get('X-Amz-Expires') ?? '';
    if (!/^[1-9][0-9]{0,6}$/.test(expires)) return invalid('X-Amz-Expires is missing or malformed');
    const expiresInSeconds = Number(expires);
    if (expiresInSeconds > MAX_EXPIRES_SECONDS) return invalid(`X-Amz-Expires is over ${MAX_EXPIRES_SECONDS} seconds`);

    // Every other parameter is signed as it came: one added, removed or changed
    // changes the canonical request, hence the signature.
    const others: Record<string, string> = {};
    for (const [name, value] of query) {
      if (name !== SIGNATURE_PARAM && !(SIGNING_PARAMS as readonly string[]).includes(name)) others[name] = value;
    }
    const base = new URL(this.publicBaseUrl());
    const expected = await this.presignedQuery(
      host.toLowerCase(),
      `${basePath(base)}${path}`,
      others,
      new Date(signedAt),
      expiresInSeconds,
    );
    // The signer writes these itself rather than reading them from the URL, so
    // each must read exactly as it would have written it (a URL whose
    // credential or algorithm was altered is not the URL that was signed).
    const sameParams = SIGNING_PARAMS.every((name) => query.get(name) === expected[name]);
    const sameSignature = secretsEqual(signature, expected[SIGNATURE_PARAM] ?? '');
    if (!sameParams || !sameSignature) return invalid('signature does not match');

    const expiresAt = signedAt + expiresInSeconds * 1000;
    if (now < signedAt) return invalid('not yet valid');
    if (now > expiresAt) return { valid: false, reason: 'expired', expiresAt };
    return { valid: true, key, expiresAt };
  }

  /** The query of the presigned request: `query` plus the X-Amz-* parameters, signature last. */
  private async presignedQuery(
    host: string,
    path: string,
    query: Record<string, string>,
    signingDate: Date,
    expiresIn: number,
  ): Promise<Record<string, string>> {
    const request = new (protocolHttp().HttpRequest)({
      method: 'GET',
      hostname: host,
      path,
      query,
      headers: { host, [PAYLOAD_HASH_HEADER]: 'UNSIGNED-PAYLOAD' },
    });
    const signed = await this.signer.presign(request, {
      signingDate,
      expiresIn,
      unsignableHeaders: NOT_HOISTED_OR_SIGNED,
      unhoistableHeaders: NOT_HOISTED_OR_SIGNED,
    });
    return Object.fromEntries(Object.entries(signed.query ?? {}).map(([name, value]) => [name, String(value)]));
  }
}

function basePath(base: URL): string {
  return base.pathname.replace(/\/+$/, '');
}

/** RFC 3986 escaping, as SigV4 canonicalises query names and values. */
function escapeUri(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Decoded parameters in order, or null when one is malformed or repeated (never ambiguous). */
function parseQuery(text: string): Map<string, string> | null {
  const params = new Map<string, string>();
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(eq === -1 ? part : part.slice(0, eq));
      value = eq === -1 ? '' : decodeURIComponent(part.slice(eq + 1));
    } catch {
      return null;
    }
    // `__proto__` would vanish from the plain objects the signer copies queries
    // into, so an added `__proto__=…` would go unsigned: refuse it outright.
    if (!PARAM_NAME.test(name) || name === '__proto__' || params.has(name)) return null;
    params.set(name, value);
  }
  return params;
}

/** `20260115T120000Z` → epoch ms; null unless it is exactly that form of a real instant. */
function parseAmzDate(text: string | undefined): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text ?? '');
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  const roundTrip = new Date(ms).toISOString().replace(/[-:]|\.\d{3}/g, '');
  return roundTrip === text ? ms : null;
}
