import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe('operations endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('/healthz and /readyz answer without a key', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('/metrics exports requests by route pattern and status, and latency', async () => {
    const { apiKey } = await t.createTenant();
    await t.api(apiKey, 'GET', '/v1/contents/cnt_a');
    await t.api(apiKey, 'GET', '/v1/contents/cnt_b');
    const text = (await t.app.inject('/metrics')).body;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/v1\/contents\/:content_id",status="404"\} 2/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/v1\/contents\/:content_id"\}/);
    expect(text).not.toContain('cnt_a');
  });

  it('/v1/openapi.json is OpenAPI 3.1 generated from the routes', async () => {
    const doc = (await t.app.inject('/v1/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/contents/{content_id}', '/v1/usage', '/admin/v1/tenants']));
    const get = doc.paths['/v1/contents/{content_id}'].get;
    expect(get.security).toEqual([{ apiKey: [] }]);
    expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['200', '401', '402', '404', '429']));
    expect(doc.paths['/healthz']).toBeUndefined();
  });

  it('/docs serves a readable reference page', async () => {
    const res = await t.app.inject('/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('logs each request as JSON with its request id', async () => {
    const res = await t.app.inject('/healthz');
    const lines = t.logs.map((l) => JSON.parse(l));
    expect(lines.some((l) => l.reqId === res.headers['x-request-id'] && l.res?.statusCode === 200)).toBe(true);
  });
});
