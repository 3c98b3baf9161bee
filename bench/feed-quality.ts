import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seededRandom } from '../src/lib/seeded-random.js';
import type { BenchRow } from './contents-pipeline.bench.js';
import { startTarget } from './lib/child.js';
import { generateFeedData, type GeneratedItem } from './lib/feed-data.js';
import { FeedClient, type ServedItem } from './quality/feed-client.js';
import { intraListDiversity, largestGroup, mean, quantile } from './quality/page-metrics.js';
import { makeUsers, poolBaseline, servedMatch, type Match, type SimulatedUser } from './quality/simulated-users.js';

/**
 * `npm run bench:quality`: 50 simulated users with known preferences (two
 * categories, a station set in their profile, one followed source) use the real
 * service on a generated corpus (5,000 items, 20 sources, last 72 h). Each round
 * every user fetches a page of 10, reports impressions, and clicks up to two
 * items it likes (its categories first); the next round starts once the processor's backlog is empty.
 * Precision@10 is read on the page served after exactly 0, 5 and 20 clicks.
 */
const USERS = 50;
const PAGE = 10;
const MILESTONES = [0, 5, 20] as const;
const MAX_ROUNDS = 40;
const CLICKS_PER_ROUND = 2;

const dir = mkdtempSync(path.join(tmpdir(), 'cf-bench-quality-'));
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
});
const corpus = new Map<string, GeneratedItem>(data.items.map((item) => [item.id, item]));
const target = await startTarget('bench/servers/feed-server.ts', {
  BENCH_DATABASE_URL: `sqlite:${databaseFile}`,
  FEED_TENANT_ID: data.tenantId,
  FEED_API_KEY: data.apiKey,
});
const client = new FeedClient(target.info.baseUrl!, target.headers, 'bench');

type Kinds = Record<keyof Match, number>;
const precision = new Map<number, Kinds[]>(MILESTONES.map((m) => [m, []]));
const pages: { diversity: number; categories: number; perSource: number; perCategory: number }[] = [];
const ages: number[] = [];
const drainMs: number[] = [];
let served = 0;
let servedRead = 0;
let rounds = 0;

function share(items: ServedItem[], user: SimulatedUser): Kinds {
  const kinds: Kinds = { category: 0, area: 0, follow: 0, any: 0 };
  for (const item of items) {
    const m = servedMatch(item, user.prefs, corpus);
    for (const key of Object.keys(kinds) as (keyof Match)[]) if (m[key]) kinds[key] += 1 / PAGE;
  }
  return kinds;
}

/** Records the page's metrics and returns the items the user clicks. */
function observe(user: SimulatedUser, items: ServedItem[], recorded: Set<string>): ServedItem[] {
  const now = Date.now();
  served += items.length;
  servedRead += items.filter((item) => user.read.has(item.id)).length;
  for (const item of items) ages.push((now - Date.parse(item.published_at)) / 3_600_000);
  pages.push({
    diversity: intraListDiversity(items.map((item) => corpus.get(item.id)?.vector).filter((v): v is Float32Array => v !== undefined)),
    categories: new Set(items.map((item) => item.category)).size,
    perSource: largestGroup(items, (item) => item.source.id),
    perCategory: largestGroup(items, (item) => item.category),
  });
  const milestone = MILESTONES.find((m) => m === user.clicks);
  if (milestone !== undefined && !recorded.has(`${user.id}@${milestone}`)) {
    recorded.add(`${user.id}@${milestone}`);
    precision.get(milestone)!.push(share(items, user));
  }
  const next = MILESTONES.find((m) => m > user.clicks);
  if (next === undefined) return [];
  const wanted = Math.min(CLICKS_PER_ROUND, next - user.clicks);
  // What a reader picks first: its categories (the taste clicks can teach), then area or followed source.
  const appeal = (item: ServedItem) => {
    const m = servedMatch(item, user.prefs, corpus);
    return (m.category ? 2 : 0) + (m.area ? 1 : 0) + (m.follow ? 1 : 0);
  };
  return items
    .filter((item) => appeal(item) > 0 && !user.read.has(item.id))
    .sort((a, b) => appeal(b) - appeal(a))
    .slice(0, wanted);
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const kindsText = (k: Kinds) => `${pct(k.any)} (category ${pct(k.category)}, area ${pct(k.area)}, followed ${pct(k.follow)})`;
const meanKinds = (list: Kinds[]): Kinds => ({
  any: mean(list.map((k) => k.any)),
  category: mean(list.map((k) => k.category)),
  area: mean(list.map((k) => k.area)),
  follow: mean(list.map((k) => k.follow)),
});

const users = makeUsers(
  USERS,
  data.sources.map((s) => s.id),
  seededRandom(11),
);
const rows: BenchRow[] = [];
try {
  for (const user of users) {
    await client.putUser(user.id, { area_names: [user.prefs.station.name], area_level: 'station' });
    await client.follow(user.id, user.prefs.followedSource);
  }
  const recorded = new Set<string>();
  const done = () => users.every((u) => recorded.has(`${u.id}@${MILESTONES[MILESTONES.length - 1]}`));
  while (!done() && rounds < MAX_ROUNDS) {
    rounds += 1;
    const fetched = await Promise.all(users.map((u) => client.feed(u.id, PAGE)));
    const clicks = users.map((user, i) => observe(user, fetched[i]!.items, recorded));
    const posted = performance.now();
    await Promise.all(users.map((user, i) => client.report(user.id, user.sessionId, fetched[i]!.items, clicks[i]!)));
    await client.drained();
    drainMs.push(performance.now() - posted);
    users.forEach((user, i) => {
      user.clicks += clicks[i]!.length;
      for (const item of clicks[i]!) user.read.add(item.id);
    });
  }

  const baseline = poolBaseline(users, data.items, corpus);
  rows.push(
    {
      name: 'corpus (generated, SQLite)',
      value: `${data.items.length} items, ${data.sources.length} sources, last 72 h; ${USERS} users; ${data.seconds.toFixed(1)} s`,
    },
    { name: 'random page (pool share of preferred items)', value: kindsText(baseline) },
  );
  for (const m of MILESTONES) {
    const list = precision.get(m)!;
    rows.push({
      name: `precision@${PAGE} after ${m} clicks (${list.length}/${USERS} users)`,
      value: kindsText(meanKinds(list)),
      target: m === 0 ? '' : '> random page',
    });
  }
  rows.push(
    { name: 'served items already read', value: `${servedRead} of ${served} (${pct(servedRead / Math.max(1, served))})`, target: '0' },
    {
      name: 'intra-list diversity (1 − mean pairwise cosine)',
      value: `${mean(pages.map((p) => p.diversity)).toFixed(3)} (all one topic 0.5, one category 0.69, unrelated 1)`,
    },
    {
      name: 'per page: distinct categories; largest source; largest category',
      value:
        `mean ${mean(pages.map((p) => p.categories)).toFixed(1)}; max ` +
        `${Math.max(...pages.map((p) => p.perSource))} (mean ${mean(pages.map((p) => p.perSource)).toFixed(1)}); max ` +
        `${Math.max(...pages.map((p) => p.perCategory))} (mean ${mean(pages.map((p) => p.perCategory)).toFixed(1)})`,
    },
    {
      name: 'age of served items',
      value: `median ${quantile(ages, 0.5).toFixed(1)} h, p90 ${quantile(ages, 0.9).toFixed(1)} h (pool: uniform over 72 h, median 36 h)`,
    },
    {
      name: 'events posted → backlog empty',
      value: `${rounds} rounds, median ${quantile(drainMs, 0.5).toFixed(0)} ms, max ${Math.max(...drainMs).toFixed(0)} ms`,
    },
  );
} finally {
  await target.stop();
  rmSync(dir, { recursive: true, force: true });
}

console.log(`content-feed feed quality — ${new Date().toISOString()}\n`);
const width = Math.max(...rows.map((r) => r.name.length));
console.log(`| ${'measure'.padEnd(width)} | result | target |`);
console.log(`|${'-'.repeat(width + 2)}|--------|--------|`);
for (const row of rows) console.log(`| ${row.name.padEnd(width)} | ${row.value} | ${row.target ?? ''} |`);
