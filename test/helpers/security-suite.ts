import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../src/tenants/api-key-format.js';
import { testBackends } from './backends.js';
import { startTestApp, type TestApp } from './test-app.js';

export interface TenantRouteSpec {
  method: InjectOptions['method'];
  /** Builds the URL (and body) for a request on behalf of the tenant `owner`. */
  request(t: TestApp, fixture: Fixture): { url: string; body?: unknown };
  /** Costs credits: refused with 402 at the cap. Free routes must keep working there. */
  metered: boolean;
  /** Creates the fixture the request needs (resources owned by tenant A). */
  setup?(t: TestApp, owner: { tenantId: string; apiKey: string }): Promise<Record<string, string>>;
  /**
   * What tenant B must observe when it sends A's request: e.g. a 404, or its own
   * data only. Omit for routes on shared resources (the content catalogue).
   */
  crossTenant?(response: { statusCode: number; json(): any }, fixture: Fixture): void;
}

export interface Fixture {
  a: { tenantId: string; apiKey: string };
  b: { tenantId: string; apiKey: string };
  data: Record<string, string>;
}

/**
 * The security cases every tenant route must pass (STYLE habit 8): missing and
 * bad keys, browser origins, rate limits, usage caps and cross-tenant access.
 * Each route's test file calls this once; it runs on every backend.
 */
export function describeTenantRouteSecurity(name: string, spec: TenantRouteSpec): void {
  describe.each(testBackends().map((b) => [b.name, b] as const))(`security: ${name} on %s`, (_backend, backend) => {
    let t: TestApp;
    let fixture: Fixture;
    beforeAll(async () => {
      t = await startTestApp({ backend });
      const a = await t.createTenant({ plan: 'enterprise' });
      const b = await t.createTenant({ plan: 'enterprise' });
      fixture = { a, b, data: (await spec.setup?.(t, a)) ?? {} };
    });
    afterAll(() => t.close());

    const send = (key: string | null, headers: Record<string, string> = {}) => {
      const { url, body } = spec.request(t, fixture);
      return t.app.inject({
        method: spec.method,
        url,
        headers: { ...(key === null ? {} : { authorization: `Bearer ${key}` }), ...headers },
        ...(body === undefined ? {} : { payload: body as object }),
      });
    };

    it('succeeds for its owner', async () => {
      const res = await send(fixture.a.apiKey);
      expect(res.statusCode, res.body).toBeLessThan(300);
    });

    it('401 without a key, with a bad key, or with an unissued key', async () => {
      for (const key of [null, 'nonsense', generateApiKey()]) {
        const res = await send(key);
        expect(res.statusCode).toBe(401);
        expect(res.headers['content-type']).toMatch(/problem\+json/);
      }
    });

    it('403 when called from a browser (Origin header)', async () => {
      expect((await send(fixture.a.apiKey, { origin: 'https://evil.example' })).statusCode).toBe(403);
    });

    it('429 past the rate limit, with Retry-After', async () => {
      const limited = await t.createTenant({ plan: 'custom', rate_limit_rps: 1 });
      const saved = fixture.a;
      fixture.a = limited;
      try {
        await send(limited.apiKey);
        const res = await send(limited.apiKey);
        expect(res.statusCode).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      } finally {
        fixture.a = saved;
      }
    });

    it(spec.metered ? '402 at the usage cap' : 'keeps working at the usage cap (free)', async () => {
      await t.admin('PATCH', `/admin/v1/tenants/${fixture.a.tenantId}`, { usage_cap_credits: 0 });
      try {
        const res = await send(fixture.a.apiKey);
        if (spec.metered) {
          expect(res.statusCode).toBe(402);
          expect(res.json().title).toBe('Usage Limit Exceeded');
        } else {
          expect(res.statusCode).toBeLessThan(300);
        }
      } finally {
        await t.admin('PATCH', `/admin/v1/tenants/${fixture.a.tenantId}`, { usage_cap_credits: null });
      }
    });

    if (spec.crossTenant) {
      it("another tenant's key never reaches this tenant's data", async () => {
        spec.crossTenant!(await send(fixture.b.apiKey), fixture);
      });
    }
  });
}
