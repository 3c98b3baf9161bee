import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seededRandom } from '../src/lib/seeded-random.js';
import { seededShuffle } from '../src/ranking/seeded.js';
import type { BenchRow } from './contents-pipeline.bench.js';
import { ADMIN_TOKEN } from './lib/bench-service.js';
import { startTarget } from './lib/child.js';
import { generateFeedData } from './lib/feed-data.js';
import { FeedClient, type ServedItem } from './quality/feed-client.js';
import { mean } from './quality/page-metrics.js';

/**
 * `npm run bench:quality`, scenario (a) of issue 16: taste groups that content
 * cannot explain. 10 groups each like 150 random items of a 5,000-item corpus
 * (3 %), whatever their source or topic. A crowd of 30 readers per group uses
 * the real API first: each round each reader reads one page of 50 at a random
 * depth of its feed (the first 1,000 items) and clicks what it likes. The tenant's model is trained (POST …/model/train, what workers do
 * every MODEL_TRAIN_INTERVAL_S). Then 5 newcomers per group, unknown to the
 * model, read pages of 10 (scrolling up to 5 pages) and click one liked item
 * a round; precision@10 of their first page is read after 0, 3, 5 and 10
 * clicks, in the scenario they use (collaborative weight 1) and, for the same
 * user at the same moment, in a scenario with the collaborative weight 0.
 * BENCH_ITEM_VECTORS=0 generates the corpus without learned item vectors; with
 * ITEM_VECTOR_MIN_ARTICLES=1000000 the service's workers learn none either.
 */
const GROUPS = 10;
const ITEMS_PER_GROUP = 150;
const CROWD_PER_GROUP = 30;
const CROWD_ROUNDS = 8;
/** Pages of 50 a crowd reader may be scrolled to in a round (a random one of them). */
const CROWD_DEPTH = 20;
const NEWCOMERS_PER_GROUP = 5;
const MILESTONES = [0, 3, 5, 10] as const;
const MAX_ROUNDS = 30;
const PAGE = 10;

interface Reader {
  id: string;
  group: number;
  clicks: number;
  read: Set<string>;
}

const dir = mkdtempSync(path.join(tmpdir(), 'cf-bench-taste-'));
const databaseFile = path.join(dir, 'feed.sqlite');
const data = await generateFeedData({
  databaseUrl: `sqlite:${databaseFile}`,
  items: 5000,
  sources: 20,
  users: 0,
  usersWithHistory: 0,
  historyPerUser: 0,
  publishedWithinHours: 72,
  keepItems: true,
  // BENCH_ITEM_VECTORS=0: the hashed vectors alone, no LSA item vectors (as before f859b0c).
  itemVectors: process.env.BENCH_ITEM_VECTORS !== '0',
});
const random = seededRandom(16);
const shuffled = seededShuffle(
  data.items.map((i) => i.id),
  random,
);
const groups = Array.from({ length: GROUPS }, (_, g) => new Set(shuffled.slice(g * ITEMS_PER_GROUP, (g + 1) * ITEMS_PER_GROUP)));
const target = await startTarget('bench/servers/feed-server.ts', {
  BENCH_DATABASE_URL: `sqlite:${databaseFile}`,
  FEED_TENANT_ID: data.tenantId,
  FEED_API_KEY: data.apiKey,
});
const client = new FeedClient(target.info.baseUrl!, target.headers, 'bench');
const adminHeaders = { authorization: `Bearer ${ADMIN_TOKEN}` };

const makeReaders = (prefix: string, perGroup: number): Reader[] =>
  Array.from({ length: GROUPS * perGroup }, (_, i) => ({ id: `${prefix}_${i + 1}`, group: i % GROUPS, clicks: 0, read: new Set() }));
const likes = (reader: Reader, item: ServedItem) => groups[reader.group]!.has(item.id) && !reader.read.has(item.id);

/**
 * The page at `depth` (0 the first) of 50: a crowd that reads over weeks sees
 * far more of the pool than everyone's same first page, and so do the clicks
 * it teaches the model.
 */
async function pageAt(reader: Reader, depth: number): Promise<ServedItem[]> {
  let cursor: string | undefined;
  for (let p = 0; ; p++) {
    const page = await client.feed(reader.id, 50, { cursor });
    if (p === depth || !page.meta.next_cursor) return page.items;
    cursor = page.meta.next_cursor;
  }
}

/** Scrolls up to `pages` pages of `limit` and returns what was served and the liked items among them, in order. */
async function browse(reader: Reader, limit: number, pages: number): Promise<{ served: ServedItem[]; liked: ServedItem[] }> {
  const served: ServedItem[] = [];
  let cursor: string | undefined;
  for (let p = 0; p < pages; p++) {
    const page = await client.feed(reader.id, limit, { cursor });
    served.push(...page.items);
    if (served.some((item) => likes(reader, item)) || !page.meta.next_cursor) break;
    cursor = page.meta.next_cursor;
  }
  return { served, liked: served.filter((item) => likes(reader, item)) };
}

/**
 * Trains the tenant now. A 409 means the workers' own schedule is training it at this moment:
 * wait for that run and train again, so this round's clicks are in (a loaded machine hit it).
 */
async function train(): Promise<{ ms: number; report: unknown }> {
  const started = performance.now();
  for (;;) {
    try {
      const report = await client.admin(adminHeaders, 'POST', `/admin/v1/tenants/${data.tenantId}/model/train`);
      return { ms: performance.now() - started, report };
    } catch (error) {
      if (!(error instanceof Error && error.message.includes(': 409 '))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

const precision = (items: ServedItem[], reader: Reader) => items.filter((item) => groups[reader.group]!.has(item.id)).length / PAGE;
const rows: BenchRow[] = [];
try {
  await client.admin(adminHeaders, 'PUT', `/admin/v1/tenants/${data.tenantId}/algorithms/content-only`, {
    min_trust_level: 1,
    max_age_hours: 168,
    languages: ['ja'],
    weights: { collaborative: 0 },
  });
  await client.admin(adminHeaders, 'PUT', `/admin/v1/tenants/${data.tenantId}/scenarios/content-only`, {
    type: 'feed',
    algorithm_id: 'content-only',
  });

  // The crowd: a page of 50 at a random depth a round, every liked item in it clicked.
  const crowd = makeReaders('crowd', CROWD_PER_GROUP);
  for (const r of crowd) await client.putUser(r.id, {});
  const trainings: { ms: number; report: unknown }[] = [];
  for (let round = 0; round < CROWD_ROUNDS; round++) {
    const browsed = await Promise.all(
      crowd.map(async (r) => {
        const served = await pageAt(r, Math.floor(random() * CROWD_DEPTH));
        return { served, liked: served.filter((item) => likes(r, item)) };
      }),
    );
    await Promise.all(crowd.map((r, i) => client.report(r.id, `${r.id}_s`, browsed[i]!.served, browsed[i]!.liked)));
    await client.drained(120_000);
    crowd.forEach((r, i) => {
      for (const item of browsed[i]!.liked) r.read.add(item.id);
      r.clicks += browsed[i]!.liked.length;
    });
    trainings.push(await train());
  }

  // Newcomers: one liked item clicked a round; the model is not trained again meanwhile.
  const newcomers = makeReaders('newcomer', NEWCOMERS_PER_GROUP);
  for (const r of newcomers) await client.putUser(r.id, {});
  const learned = new Map<number, number[]>(MILESTONES.map((m) => [m, []]));
  const contentOnly = new Map<number, number[]>(MILESTONES.map((m) => [m, []]));
  const recorded = new Set<string>();
  for (let round = 0; round < MAX_ROUNDS && newcomers.some((r) => !recorded.has(`${r.id}@10`)); round++) {
    const browsed = await Promise.all(
      newcomers.map(async (r) => {
        const milestone = MILESTONES.find((m) => m === r.clicks);
        if (milestone !== undefined && !recorded.has(`${r.id}@${milestone}`)) {
          recorded.add(`${r.id}@${milestone}`);
          const [mine, counterfactual] = await Promise.all([
            client.feed(r.id, PAGE),
            client.feed(r.id, PAGE, { scenario: 'content-only' }),
          ]);
          learned.get(milestone)!.push(precision(mine.items, r));
          contentOnly.get(milestone)!.push(precision(counterfactual.items, r));
        }
        return r.clicks >= 10 ? { served: [], liked: [] } : browse(r, PAGE, 5);
      }),
    );
    await Promise.all(
      newcomers.map((r, i) =>
        browsed[i]!.served.length === 0
          ? Promise.resolve()
          : client.report(r.id, `${r.id}_s`, browsed[i]!.served, browsed[i]!.liked.slice(0, 1)),
      ),
    );
    await client.drained(120_000);
    newcomers.forEach((r, i) => {
      const click = browsed[i]!.liked[0];
      if (click) {
        r.read.add(click.id);
        r.clicks += 1;
      }
    });
  }

  const randomShare = ITEMS_PER_GROUP / data.items.length;
  const crowdClicks = crowd.reduce((sum, r) => sum + r.clicks, 0);
  const last = trainings[trainings.length - 1]!;
  rows.push(
    {
      name: 'corpus (generated, SQLite)',
      value:
        `${data.items.length} items, ${data.sources.length} sources; ${GROUPS} groups × ${ITEMS_PER_GROUP} ` +
        `liked items (${(randomShare * 100).toFixed(1)} % of the pool)`,
    },
    { name: 'crowd', value: `${crowd.length} readers, ${CROWD_ROUNDS} rounds, ${crowdClicks} clicks` },
    { name: 'training (last, through the API)', value: `${last.ms.toFixed(0)} ms: ${JSON.stringify(last.report)}` },
  );
  for (const m of MILESTONES) {
    const p = mean(learned.get(m)!);
    const c = mean(contentOnly.get(m)!);
    rows.push({
      name: `newcomers' precision@${PAGE} after ${m} clicks (${learned.get(m)!.length}/${newcomers.length})`,
      value:
        `${(p * 100).toFixed(1)} % = ${(p / randomShare).toFixed(1)}× random; content alone ` +
        `${(c * 100).toFixed(1)} % = ${(c / randomShare).toFixed(1)}×`,
      target: m === 5 ? '≥ 3× random' : '',
    });
  }
} finally {
  await target.stop();
  rmSync(dir, { recursive: true, force: true });
}

console.log(`content-feed feed quality (a): taste groups content cannot explain — ${new Date().toISOString()}\n`);
const width = Math.max(...rows.map((r) => r.name.length));
console.log(`| ${'measure'.padEnd(width)} | result | target |`);
console.log(`|${'-'.repeat(width + 2)}|--------|--------|`);
for (const row of rows) console.log(`| ${row.name.padEnd(width)} | ${row.value} | ${row.target ?? ''} |`);
