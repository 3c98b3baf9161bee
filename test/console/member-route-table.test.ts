import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { tableNames } from '../helpers/scan-database.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { asBrowser, createUser, loginAs, type ConsoleBrowser } from './console-helpers.js';

/** One admin operation as the OpenAPI document describes it. */
interface AdminRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** With `{param}` placeholders. */
  path: string;
  consoleAccess: boolean;
  hasBody: boolean;
  params: string[];
}

/** Every /admin operation of the app: new routes join the table below without anyone listing them. */
async function adminRoutes(app: FastifyInstance): Promise<AdminRoute[]> {
  const doc = (await app.inject('/v1/openapi.json')).json<{ paths: Record<string, Record<string, Record<string, unknown>>> }>();
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/admin/'))
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase() as AdminRoute['method'],
        path,
        consoleAccess: operation['x-console-access'] === 'tenant',
        hasBody: operation.requestBody !== undefined,
        params: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
      })),
    );
}

/** `METHOD /path/{param}` of every route the router holds, hidden from the OpenAPI document or not (from printRoutes' tree). */
function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const segments: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    segments.length = match[1]!.length / 4;
    segments.push(match[2]!);
    const path = segments.join('').replace(/:([A-Za-z_]+)/g, '{$1}');
    for (const method of match[3]?.split(', ') ?? []) routes.push(`${method} ${path}`);
  }
  return routes;
}

/** The sub-resources a member's tenant scoping must hide, by path parameter. */
const SUB_RESOURCE_PARAMS = ['key_id', 'job_id', 'delivery_id', 'user_id', 'algorithm_id', 'scenario', 'experiment_id'];

/**
 * STYLE habit 8, for console sessions: one table over every /admin route. A member
 * of tenant A gets 403 on every operator-only route and on every member route for
 * tenant B, 403 on every change without X-CSRF-Token, and 404 for B's resources
 * named under A's tenant_id; none of these changes anything.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('every admin route through a member session on %s', (_name, backend) => {
  let t: TestApp;
  let routes: AdminRoute[];
  let member: ConsoleBrowser;
  const ids: Record<'a' | 'b', Record<string, string>> = { a: {}, b: {} };

  /** A tenant with one of each sub-resource, named after `tag` so B's names do not exist in A. */
  const tenantWithResources = async (tag: string): Promise<Record<string, string>> => {
    // Enterprise: 500 console requests a second, so the table never meets the member rate limit.
    const { tenantId, apiKey, keyId } = await t.createTenant({ name: tag, plan: 'enterprise' });
    const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
      const r = await res;
      if (r.statusCode >= 300) throw new Error(`fixture: ${r.statusCode} ${r.body}`);
      return JSON.parse(r.body || 'null');
    };
    const base = `/admin/v1/tenants/${tenantId}`;
    await ok(t.admin('PUT', `${base}/algorithms/${tag}-algo`, {}));
    await ok(t.admin('PUT', `${base}/scenarios/${tag}-news`, { type: 'feed', algorithm_id: `${tag}-algo` }));
    await ok(t.admin('PUT', `${base}/scenarios/${tag}-push`, { type: 'push', algorithm_id: `${tag}-algo` }));
    await ok(t.api(apiKey, 'PUT', `/v1/users/${tag}-user`, { properties: {} }));
    await ok(t.admin('PUT', `${base}/webhook`, { url: `https://hooks.example/${tag}` }));
    const delivery = await ok(t.admin('POST', `${base}/webhook/test`));
    const job = await ok(
      t.admin('POST', `${base}/push-jobs`, {
        scenario: `${tag}-push`,
        target_mode: 'manual',
        user_ids: [`${tag}-user`],
        candidates_per_user: 1,
      }),
    );
    await ok(t.admin('PUT', `${base}/algorithms/${tag}-algo2`, {}));
    const experiment = await ok(
      t.admin('POST', `${base}/experiments`, {
        scenario: `${tag}-news`,
        start: false,
        variants: [
          { name: 'a', algorithm_id: `${tag}-algo`, share: 0.5 },
          { name: 'b', algorithm_id: `${tag}-algo2`, share: 0.5 },
        ],
      }),
    );
    return {
      tenant_id: tenantId,
      key_id: keyId,
      algorithm_id: `${tag}-algo`,
      scenario: `${tag}-news`,
      user_id: `${tag}-user`,
      delivery_id: delivery.delivery_id,
      job_id: job.job_id,
      experiment_id: experiment.experiment_id,
    };
  };

  beforeAll(async () => {
    t = await startTestApp({ backend });
    ids.a = await tenantWithResources('alpha');
    ids.b = await tenantWithResources('beta');
    await createUser(t, { email: 'member@alpha.example', role: 'member', tenant_id: ids.a.tenant_id });
    member = await loginAs(t, 'member@alpha.example');
    routes = await adminRoutes(t.app);
    // The fixture's /v1 calls leave key use and request counts to be written by timers
    // (every few seconds): written now, so only the requests under test could change a row.
    await t.deps.keys.flushLastUsed();
    await t.deps.meter.flush();
  });
  afterAll(() => t.close());

  /** The route's URL with each parameter taken from `values`; operator-only routes get any value (they are refused first). */
  const urlOf = (route: AdminRoute, values: Record<string, string>) =>
    route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = values[name] ?? (route.consoleAccess ? undefined : 'x');
      if (value === undefined) throw new Error(`${route.method} ${route.path}: no fixture for {${name}}; add one to tenantWithResources`);
      return encodeURIComponent(value);
    });
  const send = (route: AdminRoute, values: Record<string, string>, csrf?: null) =>
    asBrowser(t, member, route.method, urlOf(route, values), route.hasBody ? {} : undefined, csrf === null ? { csrf: null } : {});
  const label = (route: AdminRoute) => `${route.method} ${route.path}`;

  /** Every row of every table, in a stable order: "nothing changed" means this is equal. */
  const everything = async () => {
    const dump: Record<string, string[]> = {};
    for (const table of (await tableNames(t)).sort()) {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.deps.db)).rows;
      dump[table] = rows.map((row) => JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).sort();
    }
    return dump;
  };

  const operatorOnly = () => routes.filter((r) => !r.consoleAccess);
  const memberRoutes = () => routes.filter((r) => r.consoleAccess);
  const subResourceRoutes = () => memberRoutes().filter((r) => r.params.some((p) => p !== 'tenant_id'));

  it('covers every /admin route the router holds (none is hidden from the OpenAPI document), both kinds', () => {
    const documented = routes.map(label).sort();
    expect(
      registeredRoutes(t.app)
        .filter((r) => r.includes(' /admin/'))
        .sort(),
    ).toEqual(documented);
    expect(operatorOnly().length).toBeGreaterThanOrEqual(10);
    expect(memberRoutes().length).toBeGreaterThanOrEqual(25);
    expect(memberRoutes().every((r) => r.params[0] === 'tenant_id')).toBe(true);
    expect([...new Set(subResourceRoutes().flatMap((r) => r.params.filter((p) => p !== 'tenant_id')))].sort()).toEqual(
      [...SUB_RESOURCE_PARAMS].sort(),
    );
  });

  it('the fixture is sound: the member reaches each of its own sub-resources', async () => {
    for (const route of subResourceRoutes().filter((r) => r.method === 'GET')) {
      const res = await send(route, ids.a);
      expect(res.statusCode, `${label(route)}: ${res.body}`).toBe(200);
    }
  });

  it('403 on every operator-only route, before anything runs', async () => {
    const before = await everything();
    for (const route of operatorOnly()) {
      const res = await send(route, ids.a);
      expect(res.statusCode, label(route)).toBe(403);
      expect(res.json().detail, label(route)).toMatch(/Only operators/);
    }
    expect(await everything()).toEqual(before);
  });

  it('403 on every member route for another tenant, and that tenant is unchanged', async () => {
    const before = await everything();
    for (const route of memberRoutes()) {
      const res = await send(route, ids.b);
      expect(res.statusCode, label(route)).toBe(403);
      expect(res.json().detail, label(route)).toMatch(/own tenant/);
    }
    expect(await everything()).toEqual(before);
  });

  it('403 on every change of its own tenant without X-CSRF-Token, and nothing changes', async () => {
    const changes = memberRoutes().filter((r) => r.method !== 'GET');
    expect(changes.length).toBeGreaterThanOrEqual(10);
    const before = await everything();
    for (const route of changes) {
      const res = await send(route, ids.a, null);
      expect(res.statusCode, label(route)).toBe(403);
      expect(res.json().detail, label(route)).toMatch(/X-CSRF-Token/);
    }
    expect(await everything()).toEqual(before);
  });

  it('404 for another tenant’s API key, push job, webhook delivery, user, algorithm, scenario or experiment under its own', async () => {
    // A PUT names what the member's own tenant creates or replaces under that name: not a lookup, so not here.
    const lookups = subResourceRoutes().filter((r) => r.method !== 'PUT');
    expect(lookups.length).toBeGreaterThanOrEqual(10);
    const before = await everything();
    for (const route of lookups) {
      const res = await send(route, { ...ids.b, tenant_id: ids.a.tenant_id! });
      expect(res.statusCode, `${label(route)}: ${res.body}`).toBe(404);
      expect(res.headers['content-type'], label(route)).toContain('application/problem+json');
    }
    expect(await everything()).toEqual(before);
  });
});
