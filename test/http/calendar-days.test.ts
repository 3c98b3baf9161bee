import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import type { TestApp } from '../helpers/test-app.js';
import { startTestApp } from '../helpers/test-app.js';

/**
 * Issue 17, defect 13: `from` and `to` of the admin metrics and usage routes
 * must be days of the calendar; 2026-02-30 and 2026-13-45 got a 200.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('calendar days in admin date ranges on %s', (_name, backend) => {
  let t: TestApp;
  let tenantId: string;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    ({ tenantId } = await t.createTenant());
  });
  afterAll(() => t.close());

  const routes = ['metrics', 'usage'];

  it.each(routes)('%s: an impossible day in from or to → 400 problem naming the field', async (route) => {
    for (const [field, query] of [
      ['from', 'from=2026-02-30&to=2026-03-05'],
      ['from', 'from=2026-13-45'],
      ['to', 'from=2026-02-01&to=2026-02-29'],
      ['to', 'from=2026-04-01&to=2026-04-31'],
      ['from', 'from=2026-00-10&to=2026-02-01'],
    ] as const) {
      const res = await t.admin('GET', `/admin/v1/tenants/${tenantId}/${route}?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json().errors).toEqual([{ location: 'query', name: field, message: 'must be a day of the calendar, YYYY-MM-DD' }]);
    }
  });

  it.each(routes)('%s: real days are taken, a leap day included', async (route) => {
    for (const query of ['from=2028-02-29&to=2028-03-01', 'from=2026-01-31&to=2026-02-28', 'from=2026-12-01&to=2026-12-31']) {
      const res = await t.admin('GET', `/admin/v1/tenants/${tenantId}/${route}?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    }
  });
});
