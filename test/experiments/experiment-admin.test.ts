import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** Creating, starting, stopping, re-sharing and promoting experiments; every refusal names its field (docs/experiments.md). */
describe.each(testBackends().map((b) => [b.name, b] as const))('experiment admin API on %s', (_name, backend) => {
  let t: TestApp;
  let tenantId: string;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    ({ tenantId } = await t.createTenant());
    base = `/admin/v1/tenants/${tenantId}`;
    for (const id of ['a', 'b', 'c', 'spare']) await t.admin('PUT', `${base}/algorithms/${id}`, {});
    await t.admin('PUT', `${base}/scenarios/home`, { type: 'feed', algorithm_id: 'a' });
    await t.admin('PUT', `${base}/scenarios/other`, { type: 'feed', algorithm_id: 'a' });
  });
  afterAll(() => t.close());

  const two = [
    { name: 'control', algorithm_id: 'a', share: 0.5 },
    { name: 'fresh', algorithm_id: 'b', share: 0.5 },
  ];
  const problem = async (res: Promise<{ statusCode: number; json(): any }>, status: number, field?: string) => {
    const answer = await res;
    const body = answer.json();
    expect(answer.statusCode, JSON.stringify(body)).toBe(status);
    if (field) expect(body.errors.map((e: any) => e.name)).toContain(field);
    return body;
  };

  it('refuses bad input with a 400 naming the field, and creates nothing', async () => {
    const post = (body: unknown) => t.admin('POST', `${base}/experiments`, body);
    const off = await problem(
      post({
        scenario: 'home',
        variants: [
          { ...two[0], share: 0.5 },
          { ...two[1], share: 0.4 },
        ],
      }),
      400,
      'variants[].share',
    );
    expect(off.detail).toMatch(/sum to 1 \(they sum to 0\.9\)/);
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `v${i}`, algorithm_id: 'a', share: 1 / 6 }));
    await problem(post({ scenario: 'home', variants: six }), 400, 'variants');
    await problem(post({ scenario: 'home', variants: [two[0]] }), 400, 'variants');
    // Another tenant's algorithm is not this tenant's: not found here.
    const other = await t.createTenant();
    await t.admin('PUT', `/admin/v1/tenants/${other.tenantId}/algorithms/theirs`, {});
    await problem(
      post({ scenario: 'home', variants: [two[0], { name: 'x', algorithm_id: 'theirs', share: 0.5 }] }),
      400,
      'variants[1].algorithm_id',
    );
    await problem(post({ scenario: 'nowhere', variants: two }), 400, 'scenario');
    await problem(post({ scenario: 'home', variants: [two[0], { ...two[1], name: 'control' }] }), 400, 'variants[1].name');
    await problem(post({ scenario: 'home', variants: two, control: 'nobody' }), 400, 'control');
    expect((await t.admin('GET', `${base}/experiments`)).json().experiments).toEqual([]);
  });

  it('runs one experiment per scenario; stop, shares, start and promote follow its state; each change is audited', async () => {
    const created = await t.admin('POST', `${base}/experiments`, { scenario: 'home', variants: two });
    expect(created.statusCode, created.body).toBe(201);
    const exp = created.json();
    expect(exp).toMatchObject({ scenario: 'home', status: 'running', control: 'control', min_users_per_variant: 1000 });
    expect(exp.experiment_id).toMatch(/^exp_/);
    expect(created.headers.location).toBe(`${base}/experiments/${exp.experiment_id}`);
    const url = `${base}/experiments/${exp.experiment_id}`;

    // A second running experiment on the scenario is bad input; a draft is fine, but cannot start while the first runs.
    await problem(t.admin('POST', `${base}/experiments`, { scenario: 'home', variants: two }), 400, 'scenario');
    const draft = (await t.admin('POST', `${base}/experiments`, { scenario: 'home', variants: two, start: false })).json();
    expect(draft.status).toBe('draft');
    await problem(t.admin('POST', `${base}/experiments/${draft.experiment_id}/start`), 409);
    // Another scenario may run its own.
    expect((await t.admin('POST', `${base}/experiments`, { scenario: 'other', variants: two })).statusCode).toBe(201);

    // Shares: every variant, summing to 1.
    await problem(t.admin('PUT', `${url}/shares`, { shares: { control: 0.7, fresh: 0.2 } }), 400, 'shares');
    await problem(t.admin('PUT', `${url}/shares`, { shares: { control: 1 } }), 400, 'shares');
    await problem(t.admin('PUT', `${url}/shares`, { shares: { control: 0.5, fresh: 0.25, ghost: 0.25 } }), 400, 'shares');
    const reshared = await t.admin('PUT', `${url}/shares`, { shares: { control: 0.8, fresh: 0.2 } });
    expect(reshared.json().variants.map((v: any) => v.share)).toEqual([0.8, 0.2]);

    // An algorithm of a running experiment cannot be deleted.
    const refused = await problem(t.admin('DELETE', `${base}/algorithms/b`), 409);
    expect(refused.detail).toContain(exp.experiment_id);
    // Nor its scenario: the experiment would come back with a scenario of the same name.
    const kept = await problem(t.admin('DELETE', `${base}/scenarios/home`), 409);
    expect(kept.detail).toContain(exp.experiment_id);

    expect((await t.admin('POST', `${url}/stop`)).json().status).toBe('stopped');
    await problem(t.admin('POST', `${url}/stop`), 409);
    await problem(t.admin('PUT', `${url}/shares`, { shares: { control: 0.5, fresh: 0.5 } }), 409);
    // Now the draft may start.
    expect((await t.admin('POST', `${base}/experiments/${draft.experiment_id}/start`)).json().status).toBe('running');

    const audited = (await t.admin('GET', `${base}/audit-log?limit=50`)).json().entries.map((e: any) => `${e.method} ${e.route}`);
    for (const route of [
      'POST /admin/v1/tenants/:tenant_id/experiments',
      'PUT /admin/v1/tenants/:tenant_id/experiments/:experiment_id/shares',
      'POST /admin/v1/tenants/:tenant_id/experiments/:experiment_id/stop',
      'POST /admin/v1/tenants/:tenant_id/experiments/:experiment_id/start',
    ]) {
      expect(audited).toContain(route);
    }
    const shareEntry = (await t.admin('GET', `${base}/audit-log?limit=50`)).json().entries.find((e: any) => e.route.endsWith('/shares'));
    expect(JSON.stringify(shareEntry.changes)).toContain('0.8');
  });

  it("promoting links the variant's algorithm to the scenario and ends the experiment; a deleted algorithm is a 409", async () => {
    await t.admin('PUT', `${base}/scenarios/promo`, { type: 'feed', algorithm_id: 'a' });
    const exp = (
      await t.admin('POST', `${base}/experiments`, {
        scenario: 'promo',
        variants: [
          { name: 'old', algorithm_id: 'a', share: 0.5 },
          { name: 'new', algorithm_id: 'c', share: 0.5 },
        ],
      })
    ).json();
    const url = `${base}/experiments/${exp.experiment_id}`;
    // No winner is called without users: promoting "the winner" is refused, naming why.
    const early = await problem(t.admin('POST', `${url}/promote`, {}), 409);
    expect(early.detail).toMatch(/fewer than 1000 users/);
    await problem(t.admin('POST', `${url}/promote`, { variant: 'newer' }), 400, 'variant');

    const promoted = await t.admin('POST', `${url}/promote`, { variant: 'new' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({
      experiment: { status: 'stopped', promoted_variant: 'new' },
      scenario: { scenario: 'promo', algorithm_id: 'c' },
    });
    expect((await t.admin('GET', `${base}/scenarios/promo`)).json().algorithm_id).toBe('c');
    await problem(t.admin('POST', `${url}/promote`, { variant: 'old' }), 409);

    // A stopped experiment whose algorithm is gone: promoting it is a clear 409.
    await t.admin('PUT', `${base}/scenarios/gone`, { type: 'feed', algorithm_id: 'a' });
    const doomed = (
      await t.admin('POST', `${base}/experiments`, {
        scenario: 'gone',
        variants: [
          { name: 'old', algorithm_id: 'a', share: 0.5 },
          { name: 'spare', algorithm_id: 'spare', share: 0.5 },
        ],
      })
    ).json();
    await t.admin('POST', `${base}/experiments/${doomed.experiment_id}/stop`);
    expect((await t.admin('DELETE', `${base}/algorithms/spare`)).statusCode).toBe(204);
    const gone = await problem(t.admin('POST', `${base}/experiments/${doomed.experiment_id}/promote`, { variant: 'spare' }), 409);
    expect(gone.detail).toMatch(/Algorithm spare of variant spare was deleted/);
  });

  it("lists newest first and reads one with results; another tenant's experiment is a 404", async () => {
    const list = (await t.admin('GET', `${base}/experiments`)).json().experiments;
    expect(list.length).toBeGreaterThanOrEqual(4);
    const one = await t.admin('GET', `${base}/experiments/${list[0].experiment_id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().results).toMatchObject({ winner: null, sample_size_met: false, test: expect.stringContaining('z-test') });
    const other = await t.createTenant();
    expect((await t.admin('GET', `/admin/v1/tenants/${other.tenantId}/experiments/${list[0].experiment_id}`)).statusCode).toBe(404);
  });
});
