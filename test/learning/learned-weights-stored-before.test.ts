import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * `learned_weights` defaults to true for algorithms created since it existed;
 * one stored before (its config has no such field) ranked with its configured
 * weights and keeps doing so until its tenant switches it on (26686d8).
 */
describe.each(testBackends().map((b) => [b.name, b] as const))(
  'an algorithm stored before learned_weights existed, on %s',
  (_name, backend) => {
    let t: TestApp;
    let tenantId: string;

    beforeAll(async () => {
      t = await startTestApp({ backend });
      ({ tenantId } = await t.createTenant());
      // The row as a release before the switch wrote it: every field of the config then, learned_weights absent.
      const config = {
        min_trust_level: 1,
        max_age_hours: 72,
        freshness_half_life_hours: 12,
        weights: { relevance: 1, collaborative: 1, freshness: 0.5, popularity: 0.3, area: 0.5, follow: 0.5 },
        diversity: { lambda: 0.7, max_per_source: 3, max_per_category: 4 },
        exploration: 0.05,
        languages: ['ja'],
        include_categories: [],
        exclude_categories: [],
      };
      const at = t.clock.now();
      await t.deps.db
        .insertInto('algorithms')
        .values({ tenant_id: tenantId, id: 'legacy', config: JSON.stringify(config), created_at: at, updated_at: at })
        .execute();
      // One created now with the field left out, to set it against.
      expect((await t.admin('PUT', `/admin/v1/tenants/${tenantId}/algorithms/new`, {})).statusCode).toBe(200);
      for (const [scenario, algorithm_id] of [
        ['legacy_home', 'legacy'],
        ['new_home', 'new'],
      ]) {
        const res = await t.admin('PUT', `/admin/v1/tenants/${tenantId}/scenarios/${scenario}`, { type: 'feed', algorithm_id });
        expect(res.statusCode).toBe(200);
      }
    });
    afterAll(() => t.close());

    it('reads as learned_weights: false, where one created now without the field reads as true', async () => {
      const legacy = await t.admin('GET', `/admin/v1/tenants/${tenantId}/algorithms/legacy`);
      expect(legacy.statusCode).toBe(200);
      expect(legacy.json().config.learned_weights).toBe(false);
      const created = await t.admin('GET', `/admin/v1/tenants/${tenantId}/algorithms/new`);
      expect(created.json().config.learned_weights).toBe(true);
      const list = (await t.admin('GET', `/admin/v1/tenants/${tenantId}/algorithms`)).json().algorithms as {
        algorithm_id: string;
        config: { learned_weights: boolean };
      }[];
      expect(Object.fromEntries(list.map((a) => [a.algorithm_id, a.config.learned_weights]))).toEqual({ legacy: false, new: true });
    });

    it('ranks with its configured weights, and the preview says why', async () => {
      const preview = async (scenario: string) => {
        const res = await t.admin('GET', `/admin/v1/tenants/${tenantId}/scenarios/${scenario}/preview?limit=10`);
        expect(res.statusCode).toBe(200);
        return res.json().meta.weights as { source: string; reason: string };
      };
      expect(await preview('legacy_home')).toMatchObject({ source: 'configured', reason: 'learned_weights_off' });
      expect(await preview('new_home')).toMatchObject({ source: 'configured', reason: 'not_fitted' });
    });
  },
);
