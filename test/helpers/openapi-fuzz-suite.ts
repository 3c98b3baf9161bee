import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Backend } from './backends.js';
import { databaseFingerprint, fingerprintChanges } from './database-fingerprint.js';
import { operationsOf, requestFor, type FuzzRequest, type Operation } from './fuzz-requests.js';
import { conformanceTo } from './openapi-conformance.js';
import { tableNames } from './scan-database.js';
import { ADMIN_TOKEN, startTestApp } from './test-app.js';

/**
 * Issue 17, "fuzzing in CI": requests for every /v1 and /admin/v1 operation of
 * the served OpenAPI document, generated from its schemas with hostile
 * mutations (wrong types, huge and deep values, numbers beyond a double, bad
 * percent-encodings, bytes that are not UTF-8, NUL, lone surrogates, controls,
 * over-long text, other media types, missing or wrong credentials). Every
 * answer must be a status the document lists for the operation (or one that
 * docs/api.md says any route can answer), problem details when it is an error,
 * never a 5xx, and a refused request (4xx) must leave the state as it was: every
 * table's rows, counted and compared by contents, and the object store's files.
 * The run must also reach the handlers: most operations answer a 2xx at least once.
 *
 * Seeded and bounded: FUZZ_SEED and FUZZ_RUNS (per backend) replay or widen a run.
 *
 * One file per backend (test/http/openapi-fuzz-*.test.ts), so CI's two workers run the
 * two at once instead of one after the other in a file that was the run's longest
 * (160 s: 55 s on SQLite, 106 s on PostgreSQL).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 1717);
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);

/** Share of the operations that must answer a 2xx at least once in a run. */
const MIN_SUCCEEDED_SHARE = 0.5;

/** Operations whose success may take away or change what the run's requests aim at (establish() puts it back). */
const TAKES_AWAY =
  /^DELETE |\/hide$|^PATCH \/admin\/v1\/(tenants|sources)\/\{[a-z_]+\}$|^PUT \/admin\/v1\/tenants\/\{tenant_id\}\/(algorithms|scenarios)\//;

/** What docs/api.md says any route can answer, documented per operation or not. */
const ANY_ROUTE = new Set([404, 405, 413, 414, 415, 429, 431]);

export function describeFuzz(backend: Backend): void {
  describe(`fuzzing every /v1 and /admin/v1 operation of the OpenAPI document (${backend.name})`, () => {
    it(`${RUNS} generated requests (seed ${SEED}): documented status, problem details, no 5xx, no change on a 4xx`, async () => {
      const t = await startTestApp({ backend });
      try {
        const main = await t.createTenant({ plan: 'custom', rate_limit_rps: 100_000 });
        const other = await t.createTenant({ plan: 'starter' });
        const spareKey = (await t.admin('POST', `/admin/v1/tenants/${main.tenantId}/api-keys`, {})).json().key_id as string;
        const known = {
          tenant_id: [main.tenantId, other.tenantId],
          key_id: [spareKey],
          source_id: [] as string[],
          content_id: [] as string[],
          user_id: ['u1', 'u2'],
          algorithm_id: ['main', 'default'],
          scenario: ['home', 'daily'],
          job_id: [] as string[],
          area_id: ['jp', 'pref:13'],
          area_ids: ['jp', 'pref:13'],
        };
        const knownIds = known as Record<string, string[] | undefined>;
        let articles = 0;
        /**
         * Makes (again) what the requests aim at: a source, a visible article, an algorithm, a feed and a
         * push scenario, two users. A fuzzed DELETE, hide or edit of a known id may succeed, as it should;
         * without this, every later request for that id would be a 404 and the run would test little but
         * the edge (before, the run's first deletions left 42 of 79 operations without a single 2xx).
         */
        const establish = async () => {
          const ok = (res: LightMyRequestResponse, what: string) => expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
          const [sourceId] = known.source_id;
          if (!sourceId || (await t.admin('GET', `/admin/v1/sources/${sourceId}`)).statusCode !== 200) {
            known.source_id = [await t.createSource()];
            known.content_id = [];
          }
          ok(await t.admin('PATCH', `/admin/v1/sources/${known.source_id[0]}`, { active: true, trust_level: 2 }), 'source');
          const [contentId] = known.content_id;
          const visible = async (id: string) => (await t.api(main.apiKey, 'GET', `/v1/contents/${id}`)).statusCode === 200;
          if (!contentId || !(await visible(contentId))) {
            if (contentId) await t.admin('POST', `/admin/v1/contents/${contentId}/unhide`);
            if (!contentId || !(await visible(contentId))) {
              articles += 1;
              known.content_id = [
                await t.ingest({
                  source_id: known.source_id[0],
                  url: `https://news.example/fuzz-${articles}`,
                  body: 'A short article about baseball.',
                }),
              ];
            }
            expect(await visible(known.content_id[0]!), 'the article is served').toBe(true);
          }
          ok(await t.admin('PUT', `/admin/v1/tenants/${main.tenantId}/algorithms/main`, { min_trust_level: 1 }), 'algorithm');
          ok(await t.admin('PUT', `/admin/v1/tenants/${main.tenantId}/scenarios/home`, { type: 'feed', algorithm_id: 'main' }), 'home');
          ok(await t.admin('PUT', `/admin/v1/tenants/${main.tenantId}/scenarios/daily`, { type: 'push', algorithm_id: 'main' }), 'daily');
          for (const id of known.user_id)
            ok(await t.api(main.apiKey, 'PUT', `/v1/users/${id}`, { properties: { interests: ['baseball'] } }), id);
        };
        await establish();
        const job = await t.api(main.apiKey, 'POST', '/v1/push-candidates', { scenario: 'daily' });
        expect(job.statusCode, job.body).toBe(202);
        known.job_id = [job.json().job_id as string];

        const document = (await t.app.inject('/v1/openapi.json')).json();
        const operations = operationsOf(document);
        expect(operations.length).toBeGreaterThan(50);
        const conformance = conformanceTo(document);
        const isAdmin = (op: Operation) => op.path.startsWith('/admin/');
        const callers = {
          valid: (op: Operation) => (isAdmin(op) ? ADMIN_TOKEN : main.apiKey),
          wrong: (op: Operation) => (isAdmin(op) ? main.apiKey : ADMIN_TOKEN),
        };
        const requests = fc.constantFrom(...operations).chain((op) => requestFor(document, op, (name) => knownIds[name] ?? [], callers));

        // usage_daily counts requests, refused ones too (with 0 credits), written by the meter's timer.
        const tables = (await tableNames(t)).filter((name) => name !== 'usage_daily');
        let fingerprint = await databaseFingerprint(t, tables);
        const failures = new Map<string, string[]>();
        const fail = (request: FuzzRequest, kind: string, detail: string) => {
          const key = `${request.operation.method} ${request.operation.path}: ${kind}`;
          const seen = failures.get(key) ?? [];
          if (seen.length < 2)
            seen.push(
              `${request.operation.method} ${request.url.slice(0, 200)} [${request.mutations.join('; ') || 'as documented'}] → ${detail}`,
            );
          failures.set(key, seen);
        };
        const statuses = new Map<number, number>();
        /** Operations that answered a 2xx at least once: the requests got past the edge to the handlers. */
        const succeeded = new Set<Operation>();
        let previous = 'none';
        let restored = 0;

        await fc.assert(
          fc.asyncProperty(requests, async (request) => {
            const { operation } = request;
            const response = await t.app.inject({
              method: operation.method as 'GET',
              url: request.url,
              headers: request.headers,
              ...(request.payload === undefined ? {} : { payload: request.payload }),
            });
            const status = response.statusCode;
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status < 300) succeeded.add(operation);
            const shown = `${status} ${response.body.slice(0, 300)}`;

            if (status >= 500) fail(request, `${status}`, shown);
            const documented = operation.spec.responses?.[String(status)] !== undefined;
            // A refused mutation may be a 400 on any route (docs/api.md: bad encodings, NUL, surrogates, malformed JSON).
            const anyRoute = ANY_ROUTE.has(status) || (status === 400 && request.mutations.length > 0);
            if (!documented && !anyRoute) fail(request, `undocumented ${status}`, shown);
            if (status >= 400) {
              const problem = problemOf(response);
              if (problem) fail(request, `${status} not problem details`, `${problem}: ${shown}`);
            }
            // A dot segment (.., %2e%2e) takes the request to another path: its answer is not this operation's.
            const rerouted = request.url
              .split('?')[0]!
              .split('/')
              .some((segment) => /^(\.|%2e){1,2}$/i.test(segment));
            if (documented && status < 500 && !rerouted) {
              const problems = conformance.check(operation.method, operation.path, response);
              if (problems.length) fail(request, `${status} does not conform`, problems.join('; ').slice(0, 400));
            }

            const after = await databaseFingerprint(t, tables);
            if (status >= 400 && status < 500) {
              const changes = fingerprintChanges(fingerprint, after);
              if (changes.length)
                fail(request, `${status} changed the database`, `${changes.join(', ')} (the request before: ${previous})`);
            }
            fingerprint = after;
            previous = `${operation.method} ${request.url.slice(0, 120)} → ${status}`;
            // Keep the tenant callable (a fuzzed PATCH may set a cap or a rate that refuses all after it), and
            // what the requests aim at in place (a fuzzed DELETE, hide or edit may have taken it away).
            if (status < 300 && TAKES_AWAY.test(`${operation.method} ${operation.path}`)) {
              if (operation.method === 'PATCH' && operation.path === '/admin/v1/tenants/{tenant_id}')
                await t.admin('PATCH', `/admin/v1/tenants/${main.tenantId}`, {
                  plan: 'custom',
                  rate_limit_rps: 100_000,
                  usage_cap_credits: null,
                });
              await establish();
              restored += 1;
              fingerprint = await databaseFingerprint(t, tables);
            }
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );

        const report = [...failures].map(([key, examples]) => `${key}\n    ${examples.join('\n    ')}`).join('\n');
        const seen = [...statuses]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ');
        const summary = `seed ${SEED}, ${RUNS} runs (replay with FUZZ_SEED=${SEED}); statuses: ${seen}; fixture restored ${restored} times`;
        console.log(`[fuzz ${backend.name}] ${summary}; ${succeeded.size} of ${operations.length} operations answered a 2xx`);
        expect(report, summary).toBe('');
        // The run reached the handlers, not only the edge: most operations succeeded at least once
        // (not all: some need state the run rarely makes, such as a running experiment).
        const unreached = operations.filter((op) => !succeeded.has(op)).map((op) => `${op.method} ${op.path}`);
        expect(succeeded.size, `operations never answered with a 2xx: ${unreached.join(', ')}`).toBeGreaterThanOrEqual(
          Math.ceil(operations.length * MIN_SUCCEEDED_SHARE),
        );
        // And it did not lock itself out on the way (a fuzzed revocation, cap or rate): both credentials still work.
        expect((await t.api(main.apiKey, 'GET', '/v1/usage')).statusCode).toBe(200);
        expect((await t.admin('GET', `/admin/v1/tenants/${main.tenantId}`)).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    }, 300_000);
  });
}

/** Why `response` is not problem details (null when it is). */
function problemOf(response: LightMyRequestResponse): string | null {
  const type = String(response.headers['content-type'] ?? '');
  if (!type.startsWith('application/problem+json')) return `content-type ${type || 'none'}`;
  let body: any;
  try {
    body = JSON.parse(response.body);
  } catch {
    return 'body is not JSON';
  }
  if (typeof body?.type !== 'string' || typeof body?.title !== 'string' || body?.status !== response.statusCode)
    return 'type, title or status missing or wrong';
  return null;
}
