import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('operations endpoints on %s', (_name, backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
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

  it('/metrics: the latency histogram counts every answer, by route pattern, `unmatched` when no route matched', async () => {
    const { apiKey } = await t.createTenant();
    await t.api(apiKey, 'GET', '/v1/nothing-here');
    await t.api(apiKey, 'GET', '/v1/nothing-there');
    const text = (await t.app.inject('/metrics')).body;
    const series = (le: string) =>
      Number(
        new RegExp(`^http_request_duration_seconds_bucket\\{le="${le}",method="GET",route="unmatched"\\} (\\S+)$`, 'm').exec(text)?.[1],
      );
    const buckets = ['0.001', '0.0025', '0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '\\+Inf'].map(series);
    expect(buckets.every((n, i) => Number.isFinite(n) && n >= (buckets[i - 1] ?? 0))).toBe(true);
    expect(buckets.at(-1)).toBe(2);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="unmatched"\} 2$/m);
    expect(text).toMatch(/^http_request_duration_seconds_sum\{method="GET",route="unmatched"\} \d/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="unmatched",status="404"\} 2$/m);
  });

  it('/metrics: the HTTP thread’s event-loop delay since the previous scrape, beside the default metrics', async () => {
    const gauge = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
    const monitorTick = () => new Promise((resolve) => setTimeout(resolve, 1));
    await t.app.inject('/metrics'); // closes the window so far
    // Node does not record the monitor's interval in which the histogram was reset.
    await monitorTick();
    const blockedUntil = performance.now() + 50;
    while (performance.now() < blockedUntil) {
      // the event loop is blocked for 50 ms
    }
    // The monitor's timer, due since, fires first and records the delay.
    await monitorTick();
    const blocked = (await t.app.inject('/metrics')).body;
    expect(gauge(blocked, 'event_loop_delay_max_seconds')).toBeGreaterThanOrEqual(0.04);
    expect(gauge(blocked, 'event_loop_delay_p99_seconds')).toBeGreaterThan(0);
    expect(gauge(blocked, 'event_loop_delay_p99_seconds')).toBeLessThanOrEqual(gauge(blocked, 'event_loop_delay_max_seconds'));
    expect(blocked).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(blocked).toMatch(/^process_cpu_user_seconds_total /m);
    // The next scrape covers only the time since this one.
    const next = (await t.app.inject('/metrics')).body;
    expect(gauge(next, 'event_loop_delay_max_seconds')).toBeLessThan(gauge(blocked, 'event_loop_delay_max_seconds'));
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
    expect(res.body).toContain('<title>content-feed API reference</title>');
  });

  it('logs a request as JSON with the request id the client sees', async () => {
    const res = await t.app.inject('/v1/openapi.json');
    const lines = t.logs.map((l) => JSON.parse(l));
    expect(lines.some((l) => l.reqId === res.headers['x-request-id'] && l.statusCode === 200)).toBe(true);
  });
});
