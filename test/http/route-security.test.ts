import { expect } from 'vitest';
import { describeTenantRouteSecurity } from '../helpers/security-suite.js';

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
