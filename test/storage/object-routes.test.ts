import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { holdPort, type HeldPort } from '../helpers/held-port.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { bytesOf, chunked } from './object-store-fixtures.js';

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const KEY = 'push/job_route/1.jsonl';
const DATA = Buffer.concat([Buffer.from('{"user_id":"u1","candidates":[]}\n'), bytesOf(300_000)]);

/** GET a URL the store signed, as a client would: its path and query, its Host, no Authorization. */
function download(t: TestApp, url: string, change: (pathAndQuery: string) => string = (u) => u) {
  const u = new URL(url);
  return t.app.inject({ method: 'GET', url: change(`${u.pathname}${u.search}`), headers: { host: u.host } });
}

describe('GET /objects/* (local presigned downloads)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await t.deps.objects.put(KEY, chunked(DATA), 'application/x-ndjson');
    await t.deps.objects.put('push/job_route/2.jsonl', chunked(Buffer.from('other')), 'application/x-ndjson');
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(T0));

  it('serves the exact bytes without an Authorization header, as an attachment cached no longer than the URL lives', async () => {
    const url = await t.deps.objects.presignGet(KEY, 3600, t.clock.now());
    const res = await download(t, url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(DATA)).toBe(true);
    expect(res.headers['content-type']).toBe('application/x-ndjson');
    expect(res.headers['content-length']).toBe(String(DATA.length));
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${KEY.replaceAll('/', '-')}"`);
    expect(res.headers['content-disposition']).toMatch(/filename="push-job_\w+-1\.jsonl"/);
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(res.headers['x-credits-used']).toBeUndefined();
  });

  it('is valid through 3,600 s and expired at 3,601 s with a 403 problem saying so', async () => {
    const url = await t.deps.objects.presignGet(KEY, 3600, t.clock.now());
    t.clock.advance(3_599_000);
    const late = await download(t, url);
    expect(late.statusCode).toBe(200);
    expect(late.rawPayload.equals(DATA)).toBe(true);
    expect(late.headers['cache-control']).toBe('private, max-age=1');
    t.clock.advance(1000);
    expect((await download(t, url)).statusCode).toBe(200);
    t.clock.advance(1000);
    const expired = await download(t, url);
    expect(expired.statusCode).toBe(403);
    expect(expired.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(expired.json()).toMatchObject({ status: 403, title: 'Forbidden', instance: `/objects/${KEY}` });
    expect(expired.json().detail).toContain('expired at 2026-01-15T13:00:00.000Z');
  });

  it('is a 403 problem when any parameter is changed, added or removed, or the path is another object', async () => {
    const url = await t.deps.objects.presignGet(KEY, 3600, t.clock.now());
    const changes: Record<string, (u: string) => string> = {
      'X-Amz-Algorithm': (u) => u.replace('X-Amz-Algorithm=AWS4-HMAC-SHA256', 'X-Amz-Algorithm=AWS4-HMAC-SHA1'),
      'X-Amz-Credential': (u) => u.replace('content-feed%2F', 'someone-else%2F'),
      'X-Amz-Date': (u) => u.replace('X-Amz-Date=20260115T120000Z', 'X-Amz-Date=20260115T120500Z'),
      'X-Amz-Expires': (u) => u.replace('X-Amz-Expires=3600', 'X-Amz-Expires=86400'),
      'X-Amz-SignedHeaders': (u) => u.replace('X-Amz-SignedHeaders=host', 'X-Amz-SignedHeaders=host%3Brange'),
      'X-Amz-Signature': (u) => u.replace(/X-Amz-Signature=([0-9a-f])/, (_, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`),
      'added parameter': (u) => `${u}&response-content-type=text%2Fhtml`,
      'removed X-Amz-SignedHeaders': (u) => u.replace(/&X-Amz-SignedHeaders=[^&]*/, ''),
      'other path': (u) => u.replace('/1.jsonl?', '/2.jsonl?'),
    };
    for (const [what, change] of Object.entries(changes)) {
      expect(change(new URL(url).pathname + new URL(url).search), what).not.toBe(new URL(url).pathname + new URL(url).search);
      const res = await download(t, url, change);
      expect(res.statusCode, what).toBe(403);
      expect(res.headers['content-type'], what).toMatch(/^application\/problem\+json/);
      expect(res.json().detail, what).toContain('not valid');
    }
    expect((await download(t, url)).statusCode).toBe(200);
  });

  it('is a 403 for another Host and for a bare path', async () => {
    const url = await t.deps.objects.presignGet(KEY, 3600, t.clock.now());
    const u = new URL(url);
    const otherHost = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}`, headers: { host: 'evil.example' } });
    expect(otherHost.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/objects/${KEY}`, headers: { host: u.host } })).statusCode).toBe(403);
  });

  it('is a 404 problem for a valid URL whose object was deleted', async () => {
    await t.deps.objects.put('push/job_gone/1.jsonl', chunked(Buffer.from('x')), 'application/x-ndjson');
    const url = await t.deps.objects.presignGet('push/job_gone/1.jsonl', 3600, t.clock.now());
    await t.deps.objects.delete('push/job_gone/1.jsonl');
    const res = await download(t, url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('GET /objects/* over a real socket', () => {
  let t: TestApp;
  let port: number;
  let held: HeldPort;
  beforeAll(async () => {
    // PUBLIC_BASE_URL must be known before the app starts: a port held from the start serves it.
    held = await holdPort();
    port = held.port;
    t = await startTestApp({ env: { PUBLIC_BASE_URL: held.url } });
    held.serve(t.app.server);
  });
  afterAll(async () => {
    await held.close();
    await t.close();
  });

  it('a plain fetch of the presigned URL downloads the object', async () => {
    await t.deps.objects.put(KEY, chunked(DATA), 'application/x-ndjson');
    const url = await t.deps.objects.presignGet(KEY, 3600, t.clock.now());
    expect(url.startsWith(`http://127.0.0.1:${port}/objects/`)).toBe(true);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson');
    expect(Buffer.from(await res.arrayBuffer()).equals(DATA)).toBe(true);
    const tampered = await fetch(url.replace('X-Amz-Expires=3600', 'X-Amz-Expires=7200'));
    expect(tampered.status).toBe(403);
  });
});

describe('GET /objects/* with an S3 bucket', () => {
  it('does not exist: downloads go to the bucket', async () => {
    const t = await startTestApp({ env: { OBJECT_STORE_URL: 's3://bucket/prefix', OBJECT_STORE_ENDPOINT: 'http://127.0.0.1:9' } });
    try {
      expect(t.deps.objects.kind).toBe('s3');
      const res = await t.app.inject({ method: 'GET', url: `/objects/${KEY}?X-Amz-Signature=x` });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
