import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LocalUrlSigner } from '../../src/storage/local-url-signer.js';
import { SECRET_KEY } from './object-store-fixtures.js';

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const KEY = 'push/job_abc/1.jsonl';

function signer(base = 'http://127.0.0.1:8080') {
  return new LocalUrlSigner(SECRET_KEY, () => base);
}

/** The request a client makes for `url`: its path and query, and its Host header. */
function target(url: string) {
  const u = new URL(url);
  return { pathAndQuery: `${u.pathname}${u.search}`, host: u.host };
}

/** SigV4 for an S3 presigned GET, written out from the AWS documentation, independent of the SDK. */
function awsSignature(url: URL, secretAccessKey: string): string {
  const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();
  const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = [...url.searchParams]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`)
    .sort()
    .join('&');
  const canonical = ['GET', url.pathname, query, `host:${url.host}`, '', 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const date = url.searchParams.get('X-Amz-Date')!;
  const [, day, region, service] = url.searchParams.get('X-Amz-Credential')!.split('/');
  const toSign = [
    'AWS4-HMAC-SHA256',
    date,
    `${day}/${region}/${service}/aws4_request`,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  let key = hmac(`AWS4${secretAccessKey}`, day!);
  for (const part of [region!, service!, 'aws4_request']) key = hmac(key, part);
  return hmac(key, toSign).toString('hex');
}

describe('local presigned URLs', () => {
  it('are standard SigV4 S3 presigned URLs under PUBLIC_BASE_URL/objects/', async () => {
    const url = new URL(await signer().sign(KEY, 3600, T0));
    expect(`${url.origin}${url.pathname}`).toBe(`http://127.0.0.1:8080/objects/${KEY}`);
    expect(url.searchParams.get('X-Amz-Credential')).toBe('content-feed/20260115/local/s3/aws4_request');
    const secretAccessKey = createHmac('sha256', SECRET_KEY).update('content-feed:object-urls').digest('hex');
    expect(url.searchParams.get('X-Amz-Signature')).toBe(awsSignature(url, secretAccessKey));
  });

  it('are valid from the signing second through X-Amz-Expires seconds later, both ends included', async () => {
    const s = signer();
    const { pathAndQuery, host } = target(await s.sign(KEY, 3600, T0 + 400));
    expect(await s.verify(pathAndQuery, host, T0 - 1)).toEqual({ valid: false, reason: 'not yet valid' });
    for (const at of [T0, T0 + 400, T0 + 3_599_000, T0 + 3_600_000]) {
      expect(await s.verify(pathAndQuery, host, at)).toEqual({ valid: true, key: KEY, expiresAt: T0 + 3_600_000 });
    }
    expect(await s.verify(pathAndQuery, host, T0 + 3_600_001)).toEqual({ valid: false, reason: 'expired', expiresAt: T0 + 3_600_000 });
  });

  it('are invalid with another secret key, host, path or any parameter changed, added or removed', async () => {
    const s = signer();
    const url = await s.sign(KEY, 3600, T0);
    const { pathAndQuery, host } = target(url);
    const [path, query] = pathAndQuery.split('?') as [string, string];
    const params = query.split('&');
    const variants: [string, string, string][] = [
      ['other path', pathAndQuery.replace('/1.jsonl', '/2.jsonl'), host],
      ['other host', pathAndQuery, 'localhost:8080'],
      ['added parameter', `${pathAndQuery}&response-content-type=text%2Fhtml`, host],
      ['added __proto__', `${pathAndQuery}&__proto__=x`, host],
      ['repeated parameter', `${pathAndQuery}&${params[0]}`, host],
    ];
    for (const [i, param] of params.entries()) {
      const name = param.slice(0, param.indexOf('='));
      variants.push([`without ${name}`, `${path}?${params.filter((_, j) => j !== i).join('&')}`, host]);
    }
    const changes: Record<string, string> = {
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA512',
      'X-Amz-Credential': 'content-feed%2F20260115%2Fus-east-1%2Fs3%2Faws4_request',
      'X-Amz-Date': '20260115T120001Z',
      'X-Amz-Expires': '3601',
      'X-Amz-SignedHeaders': 'host%3Bx-amz-date',
      'X-Amz-Signature': '0'.repeat(64),
    };
    for (const [name, value] of Object.entries(changes)) {
      variants.push([`changed ${name}`, pathAndQuery.replace(new RegExp(`${name}=[^&]*`), `${name}=${value}`), host]);
    }
    const other = new LocalUrlSigner('another-secret-key-0123456789abcdef012345', () => 'http://127.0.0.1:8080');
    expect(await other.verify(pathAndQuery, host, T0)).toEqual({ valid: false, reason: 'signature does not match' });

    for (const [what, changed, changedHost] of variants) {
      expect(changed !== pathAndQuery || changedHost !== host, what).toBe(true);
      const verdict = await s.verify(changed, changedHost, T0);
      expect(verdict.valid, what).toBe(false);
    }
    expect((await s.verify(pathAndQuery, host, T0)).valid).toBe(true);
  });

  it('refuse malformed dates and expiries, more than a week, and paths that are not object keys', async () => {
    const s = signer();
    const { pathAndQuery, host } = target(await s.sign(KEY, 3600, T0));
    const withParam = (name: string, value: string) => pathAndQuery.replace(new RegExp(`${name}=[^&]*`), `${name}=${value}`);
    expect(await s.verify(withParam('X-Amz-Expires', '604801'), host, T0)).toEqual({
      valid: false,
      reason: 'X-Amz-Expires is over 604800 seconds',
    });
    for (const bad of ['0', '-1', '03600', '1e3', '', 'abc']) {
      expect((await s.verify(withParam('X-Amz-Expires', bad), host, T0)).valid, bad).toBe(false);
    }
    for (const bad of ['20261315T120000Z', '20260115T120000', '2026-01-15T12:00:00Z', '']) {
      expect(await s.verify(withParam('X-Amz-Date', bad), host, T0), bad).toEqual({
        valid: false,
        reason: 'X-Amz-Date is missing or malformed',
      });
    }
    expect((await s.verify(pathAndQuery.replace('/objects/push/', '/objects/push/../'), host, T0)).valid).toBe(false);
    expect((await s.verify(pathAndQuery.replace('%2F', '%ZZ'), host, T0)).valid).toBe(false);
    expect((await s.verify(pathAndQuery, undefined, T0)).valid).toBe(false);
    expect((await s.verify(pathAndQuery.split('?')[0]!, host, T0)).valid).toBe(false);
    await expect(s.sign(KEY, 604_801, T0)).rejects.toThrow(RangeError);
    expect((await s.verify(target(await s.sign(KEY, 604_800, T0)).pathAndQuery, host, T0 + 604_800_000)).valid).toBe(true);
  });

  it('sign the path under a PUBLIC_BASE_URL path and verify it after a proxy strips that path', async () => {
    const s = signer('https://api.example.com/feed-api');
    const url = new URL(await s.sign(KEY, 3600, T0));
    expect(url.pathname).toBe(`/feed-api/objects/${KEY}`);
    expect(url.searchParams.get('X-Amz-Signature')).toBe(
      awsSignature(url, createHmac('sha256', SECRET_KEY).update('content-feed:object-urls').digest('hex')),
    );
    expect((await s.verify(`/objects/${KEY}${url.search}`, 'api.example.com', T0)).valid).toBe(true);
  });
});
