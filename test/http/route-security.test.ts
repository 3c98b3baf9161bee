import { describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { describeTenantRouteSecurity } from '../helpers/security-suite.js';
import { startTestApp } from '../helpers/test-app.js';

describeTenantRouteSecurity('GET /v1/contents/{content_id}', {
  method: 'GET',
  metered: true,
  async setup(t) {
    const sourceId = await t.createSource();
    return { contentId: await t.ingest({ source_id: sourceId, url: 'https://news.example/sec' }) };
  },
  request: (_t, f) => ({ url: `/v1/contents/${f.data.contentId}` }),
});

describeTenantRouteSecurity('GET /v1/usage', {
  method: 'GET',
  metered: false,
  async setup(t, owner) {
    // Give tenant A usage that B must never see.
    const sourceId = await t.createSource();
    const contentId = await t.ingest({ source_id: sourceId, url: 'https://news.example/usage' });
    await t.api(owner.apiKey, 'GET', `/v1/contents/${contentId}`);
    return {};
  },
  request: () => ({ url: '/v1/usage' }),
  crossTenant(response) {
    expect(response.statusCode).toBe(200);
    expect(response.json().used_credits).toBe(0);
  },
});

describe.each(testBackends().map((b) => [b.name, b] as const))('admin routes refuse tenant keys on %s', (_name, backend) => {
  it('every /admin/v1 route in the OpenAPI document answers 401 to a tenant API key', async () => {
    const t = await startTestApp({ backend });
    try {
      const { apiKey } = await t.createTenant();
      const doc = (await t.app.inject('/v1/openapi.json')).json<{ paths: Record<string, Record<string, unknown>> }>();
      const routes = Object.entries(doc.paths).filter(([path]) => path.startsWith('/admin/'));
      expect(routes.length).toBeGreaterThan(10);
      for (const [path, methods] of routes) {
        for (const method of Object.keys(methods)) {
          const url = path.replace(/\{[^}]+\}/g, 'x');
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers: { authorization: `Bearer ${apiKey}` },
            payload: ['post', 'put', 'patch'].includes(method) ? {} : undefined,
          });
          expect(res.statusCode, `${method.toUpperCase()} ${path}`).toBe(401);
        }
      }
    } finally {
      await t.close();
    }
  });
});
