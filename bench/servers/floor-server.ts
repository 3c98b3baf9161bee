import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/connect.js';
import type { FeedService } from '../../src/feed/feed-service.js';
import { createTenant, issueApiKey } from '../../src/tenants/tenant-service.js';
import { benchRuntime, listenForBench, requiredEnv, SECRET_KEY } from '../lib/bench-service.js';
import { FloorFeed } from '../lib/floor-feed.js';

/**
 * The floor of GET /v1/feed (issue 15): what any implementation pays per
 * response, and nothing for choosing the items. The service's own app
 * (buildApp) with one change, its FeedService replaced by a FloorFeed
 * (bench/lib/floor-feed.ts) that always serves the same 20 real items. So a
 * floor request goes through exactly what a feed request does: request id, API
 * key authentication (key cache), the tenant's rate limit (in memory, or Redis
 * when BENCH_REDIS_URL is set), usage metering of 1 credit (batched to the
 * database), query validation, the route's response schema serialisation,
 * request metrics and logging at `warn`; then item views from the catalog, 20
 * tracking tokens signed for this request, user and position, the incoming
 * cursor verified and the next one signed. Not included: scenario, algorithm
 * and user-state lookups, retrieval, ranking, snapshot storage.
 *
 * Its own database (BENCH_DATABASE_URL, a fresh one): its tenant, and the items
 * of FLOOR_ITEMS (JSON [{id, score}], the feed's anonymous first page) with
 * their sources copied from the benchmark database FLOOR_ITEMS_FROM. Events
 * posted to it are validated and logged as the feed server's are, but no event
 * processor or other worker runs (nothing of the feed server's work runs here,
 * and the feed server never sees these events).
 */
const items = JSON.parse(requiredEnv('FLOOR_ITEMS')) as { id: string; score: number }[];
const runtime = await benchRuntime({ startWorkers: false });
const { deps } = runtime;

const from = openDatabase(requiredEnv('FLOOR_ITEMS_FROM'));
try {
  const contents = await from.db
    .selectFrom('contents')
    .selectAll()
    .where(
      'id',
      'in',
      items.map((i) => i.id),
    )
    .execute();
  const sourceIds = [...new Set(contents.map((c) => c.source_id))];
  const sources = await from.db.selectFrom('sources').selectAll().where('id', 'in', sourceIds).execute();
  await deps.db.insertInto('sources').values(sources).execute();
  await deps.db.insertInto('contents').values(contents).execute();
} finally {
  await from.close();
}

// A custom plan far above the load, as the feed's tenant (bench/lib/feed-data.ts).
const tenant = await createTenant(deps, { name: 'bench-floor', plan: 'custom', rate_limit_rps: 100_000, usage_cap_credits: 1e9 });
const { apiKey } = await issueApiKey(deps, tenant.id, 'bench');
const floor = new FloorFeed({ contents: deps.contents, tokens: deps.tokens, clock: deps.clock, secretKey: SECRET_KEY, items });
// The route calls feed() alone; nothing else in the app reads deps.feed on these requests.
const app = await buildApp({ ...deps, feed: floor as unknown as FeedService });
const address = await listenForBench(app, runtime);

const headers = { authorization: `Bearer ${apiKey}` };
const check = await app.inject({ method: 'GET', url: '/v1/feed?scenario=bench', headers });
const served = check.statusCode === 200 ? check.json<{ items: unknown[] }>().items.length : 0;
if (served !== items.length)
  throw new Error(`floor GET /v1/feed: ${check.statusCode}, ${served} items of ${items.length}: ${check.body.slice(0, 500)}`);

process.stdout.write(
  `READY ${JSON.stringify({ url: `${address}/v1/feed?scenario=bench`, baseUrl: address, headers, tenantId: tenant.id })}\n`,
);
