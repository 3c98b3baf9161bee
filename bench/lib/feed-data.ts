import type { Insertable, Kysely } from 'kysely';
import { CATEGORIES, type Category } from '../../src/analysis/categories.js';
import { encodeVector } from '../../src/analysis/vector-codec.js';
import { AreaDirectory } from '../../src/areas/area-directory.js';
import { LocalChangeBus } from '../../src/changes/change-bus.js';
import { releaseItemVectorLease, takeItemVectorLease } from '../../src/content/item-vector-store.js';
import { trainItemVectors } from '../../src/content/train-item-vectors.js';
import { loadBuiltinAreas } from '../../src/areas/builtin-areas.js';
import { openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { Database } from '../../src/db/schema.js';
import { systemClock } from '../../src/lib/clock.js';
import { SecretBox } from '../../src/lib/secret-box.js';
import { seededRandom } from '../../src/lib/seeded-random.js';
import { KeyAuthenticator } from '../../src/tenants/authenticate-key.js';
import { createTenant, issueApiKey } from '../../src/tenants/tenant-service.js';

/**
 * Generated feed data, written straight into a fresh database through Kysely
 * (migrations, then multi-row inserts, one transaction a table): sources, live
 * items with topic-clustered vectors and area tags, users with click histories,
 * read marks and popularity. The same seed gives the same corpus (ids, vectors,
 * histories) on SQLite and on PostgreSQL.
 */
export interface FeedDataOptions {
  /** `sqlite:<file>` or `postgres://…` (bench/lib/backends.ts makes a fresh one). */
  databaseUrl: string;
  items: number;
  sources: number;
  /** Registered users (`user_1` …). */
  users: number;
  /** The first N users get a history: favourite categories, signals, read marks, follows. */
  usersWithHistory: number;
  historyPerUser: number;
  publishedWithinHours: number;
  /** Keep each item's metadata and vector in the result (for quality checks). */
  keepItems?: boolean;
  /**
   * Learn the corpus's item vectors (LSA) and project every article, as a
   * running service has done long before (default true). Without it, the
   * service under test would train and project 100,000 articles while it is
   * measured, and its content pools reload every article it projects.
   */
  itemVectors?: boolean;
  seed?: number;
  now?: number;
}

export interface GeneratedItem {
  id: string;
  sourceId: string;
  category: Category;
  areaIds: string[];
  publishedAt: number;
  vector: Float32Array;
}

export interface FeedData {
  tenantId: string;
  apiKey: string;
  sources: { id: string; name: string; category: Category }[];
  /** Only with `keepItems`. */
  items: GeneratedItem[];
  userIds: string[];
  rows: Record<string, number>;
  seconds: number;
}

export const EMBEDDER = 'hashed-tfidf-v1:256';
const DIMENSIONS = 256;
const TOPICS_PER_CATEGORY = 4;
/** Stations many items are tagged with, so area requests and area users find them. */
export const HOT_STATIONS = [
  { id: 'station:1130205', name: '渋谷' },
  { id: 'station:1130208', name: '新宿' },
  { id: 'station:1130212', name: '池袋' },
  { id: 'station:1130105', name: '横浜' },
  { id: 'station:3400101', name: '梅田' },
] as const;

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

function gaussian(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function normalised(v: Float32Array): Float32Array {
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  for (let i = 0; i < v.length; i++) v[i] = v[i]! / norm;
  return v;
}

/** `base` plus gaussian noise of expected norm `spread`, L2-normalised. */
function around(random: Random, base: Float32Array | null, spread: number): Float32Array {
  const v = new Float32Array(DIMENSIONS);
  const scale = spread / Math.sqrt(DIMENSIONS);
  for (let i = 0; i < DIMENSIONS; i++) v[i] = (base?.[i] ?? 0) + gaussian(random) * scale;
  return normalised(v);
}

/**
 * Topic vectors: each category has a centroid and four topics around it, so two items
 * of one topic have cosine ≈ 0.5, of one category 0.31 on average (measured), of
 * different categories ≈ 0.
 */
function topicVectors(random: Random): Map<Category, Float32Array[]> {
  const topics = new Map<Category, Float32Array[]>();
  for (const category of CATEGORIES) {
    const centroid = around(random, null, 1);
    topics.set(
      category,
      Array.from({ length: TOPICS_PER_CATEGORY }, () => around(random, centroid, 1)),
    );
  }
  return topics;
}

async function insertChunked<T extends keyof Database>(db: Kysely<Database>, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  if (rows.length === 0) return;
  // SQLite binds at most 32,766 values a statement (PostgreSQL 65,535).
  const perStatement = Math.max(1, Math.min(1000, Math.floor(30_000 / Object.keys(rows[0]!).length)));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += perStatement) {
      // Kysely cannot relate a generic table name to its row type.
      await trx
        .insertInto(table)
        .values(rows.slice(i, i + perStatement))
        .execute();
    }
  });
}

/** Area tags of one item: none, a hot station, a Tokyo ward, or any station of Japan. */
function areaPicker(directory: AreaDirectory, random: Random): () => { names: string[]; ids: string[] } {
  const areas = loadBuiltinAreas();
  const stations = areas.filter((a) => a.level === 'station');
  const tokyoCities = areas.filter((a) => a.level === 'city' && a.parentId === 'pref:13');
  return () => {
    const r = random();
    const chosen: { id: string; name: string }[] =
      r < 0.35 ? [] : r < 0.65 ? [pick(random, HOT_STATIONS)] : r < 0.75 ? [pick(random, tokyoCities)] : [pick(random, stations)];
    if (chosen.length > 0 && random() < 0.15) chosen.push(pick(random, stations));
    return { names: [...new Set(chosen.map((a) => a.name))], ids: directory.withAncestors(chosen.map((a) => a.id)) };
  };
}

export async function generateFeedData(options: FeedDataOptions): Promise<FeedData> {
  const started = performance.now();
  const random = seededRandom(options.seed ?? 20261122);
  const now = options.now ?? Date.now();
  const handle = openDatabase(options.databaseUrl);
  const { db } = handle;
  const rows: Record<string, number> = {};
  try {
    await migrateToLatest(db);
    const deps = {
      db,
      clock: systemClock,
      keys: new KeyAuthenticator(db, systemClock),
      changes: new LocalChangeBus(),
      webhookSecrets: new SecretBox('bench-feed-data-0123456789abcdef0123', 'webhook-secrets'),
    };
    // A custom plan far above the offered load: the bench measures the feed, not the limiter.
    const tenant = await createTenant(deps, { name: 'bench-feed', plan: 'custom', rate_limit_rps: 100_000, usage_cap_credits: 1e9 });
    const { apiKey } = await issueApiKey(deps, tenant.id, 'bench');

    const sources = Array.from({ length: options.sources }, (_, i) => ({
      id: `src_bench${String(i + 1).padStart(3, '0')}`,
      name: `ベンチ新聞${i + 1}`,
      category: CATEGORIES[i % CATEGORIES.length]!,
    }));
    await insertChunked(
      db,
      'sources',
      sources.map((s) => ({
        id: s.id,
        name: s.name,
        feed_url: null,
        trust_level: 2,
        language: 'ja',
        category: s.category,
        active: 1,
        created_at: now,
        updated_at: now,
      })),
    );
    rows.sources = sources.length;

    const topics = topicVectors(random);
    const areaTags = areaPicker(await AreaDirectory.load(db), random);
    // Source sizes fall off like real outlets: the first publishes ~3× the last.
    const sourceWeights = sources.map((_, i) => 1 / (1 + (2 * i) / options.sources));
    const weightTotal = sourceWeights.reduce((a, b) => a + b, 0);
    const pickSource = () => {
      let r = random() * weightTotal;
      for (let i = 0; i < sources.length; i++) if ((r -= sourceWeights[i]!) <= 0) return sources[i]!;
      return sources[sources.length - 1]!;
    };
    const items: GeneratedItem[] = [];
    const contentRows: Insertable<Database['contents']>[] = [];
    const byCategory = new Map<Category, number[]>(CATEGORIES.map((c) => [c, []]));
    for (let i = 0; i < options.items; i++) {
      const source = pickSource();
      // Mostly the source's own section, a third of the time any other.
      const category = random() < 0.7 ? source.category : pick(random, CATEGORIES);
      const vector = around(random, pick(random, topics.get(category)!), 1);
      const area = areaTags();
      const publishedAt = Math.round(now - random() * options.publishedWithinHours * 3_600_000);
      const id = `cnt_bench${String(i + 1).padStart(6, '0')}`;
      const url = `https://${source.id.slice(4)}.news.example/articles/${i + 1}`;
      const place = area.names[0] ?? '全国';
      contentRows.push({
        id,
        source_id: source.id,
        url,
        canonical_url: url,
        title: `${place}の${category}ニュース 第${i + 1}報`,
        summary: `${place}で起きた${category}の出来事を伝える記事の要約です。`.repeat(2),
        body: `${place}で起きた${category}の出来事を伝える記事の本文です。`.repeat(6),
        thumbnail_url: i % 2 === 0 ? `https://img.news.example/${i + 1}.jpg` : null,
        thumbnail_width: i % 2 === 0 ? 640 : null,
        thumbnail_height: i % 2 === 0 ? 360 : null,
        category,
        language: 'ja',
        published_at: publishedAt,
        areas: JSON.stringify(area.names),
        area_ids: JSON.stringify(area.ids),
        keywords: JSON.stringify([category, place]),
        simhash: null,
        vector: encodeVector(vector),
        embedder: EMBEDDER,
        first_seen_at: publishedAt,
        created_at: publishedAt,
        updated_at: publishedAt,
      });
      byCategory.get(category)!.push(i);
      if (options.keepItems) items.push({ id, sourceId: source.id, category, areaIds: area.ids, publishedAt, vector });
    }
    await insertChunked(db, 'contents', contentRows);
    rows.contents = contentRows.length;

    // Popularity: 60 % of items have been shown, CTR 1–15 % by a per-item appeal, last
    // counted at some time since publication. One shared updated_at would be re-read by
    // every node on every refresh (Popularity re-reads 5 s before its newest row): all
    // 60,000 rows a second, which cost the feed benchmarks of issues 5–6 real time.
    const stats: Insertable<Database['content_stats']>[] = [];
    for (const c of contentRows) {
      if (random() >= 0.6) continue;
      const impressions = Math.floor(random() ** 2 * 3000) + 1;
      const clicks = Math.floor(impressions * (0.01 + random() * 0.14));
      const updated_at = Math.round(c.published_at + random() * (now - c.published_at));
      stats.push({ tenant_id: tenant.id, content_id: c.id, impressions, clicks, updated_at });
    }
    await insertChunked(db, 'content_stats', stats);
    rows.content_stats = stats.length;

    const userIds = Array.from({ length: options.users }, (_, i) => `user_${i + 1}`);
    const hotNames = HOT_STATIONS.map((s) => s.name);
    await insertChunked(
      db,
      'users',
      userIds.map((user_id, i) => {
        // A quarter set a station, a tenth a city; the rest no area.
        const r = random();
        const properties =
          r < 0.25
            ? { area_names: [pick(random, hotNames)], area_level: 'station' }
            : r < 0.35
              ? { area_names: ['横浜市'], area_level: 'city' }
              : {};
        return {
          tenant_id: tenant.id,
          user_id,
          properties: JSON.stringify(properties),
          created_at: now - 30 * 86_400_000,
          updated_at: now,
          last_active_at: i < options.usersWithHistory ? now - 3_600_000 : null,
        };
      }),
    );
    rows.users = userIds.length;

    // Histories: two favourite categories each; 80 % of clicks in them, the rest anywhere;
    // a quarter of the signals are impressions the user ignored.
    const signals: Insertable<Database['user_content_signals']>[] = [];
    const reads: Insertable<Database['read_marks']>[] = [];
    const relations: Insertable<Database['user_sources']>[] = [];
    const favourites = CATEGORIES.filter((c) => byCategory.get(c)!.length > 0);
    for (const user_id of userIds.slice(0, options.usersWithHistory)) {
      const liked = [pick(random, favourites), pick(random, favourites)];
      const seen = new Set<number>();
      for (let k = 0; k < options.historyPerUser; k++) {
        const pool = random() < 0.8 ? byCategory.get(pick(random, liked))! : byCategory.get(pick(random, favourites))!;
        const index = pick(random, pool);
        if (seen.has(index)) continue;
        seen.add(index);
        const content_id = contentRows[index]!.id;
        const at = Math.max(contentRows[index]!.published_at, now - Math.floor(random() * 72 * 3_600_000));
        const clicked = random() < 0.75;
        signals.push({
          tenant_id: tenant.id,
          user_id,
          content_id,
          impressions: 1 + Math.floor(random() * 3),
          clicks: clicked ? 1 : 0,
          dwell_ms: clicked ? Math.floor(random() * 120_000) : 0,
          last_click_at: clicked ? at : null,
          updated_at: at,
        });
        if (clicked) reads.push({ tenant_id: tenant.id, user_id, content_id, read_at: at });
      }
      const r = random();
      if (r < 0.3) relations.push({ tenant_id: tenant.id, user_id, source_id: pickSource().id, relation: 'follow', created_at: now });
      else if (r < 0.35) relations.push({ tenant_id: tenant.id, user_id, source_id: pickSource().id, relation: 'block', created_at: now });
    }
    await insertChunked(db, 'user_content_signals', signals);
    await insertChunked(db, 'read_marks', reads);
    await insertChunked(db, 'user_sources', relations);
    rows.user_content_signals = signals.length;
    rows.read_marks = reads.length;
    rows.user_sources = relations.length;
    if (options.itemVectors !== false) {
      // As a worker trains: under the lease, which also makes the model's row.
      await takeItemVectorLease(db, now, now + 3_600_000);
      const report = await trainItemVectors(db, now);
      await releaseItemVectorLease(db);
      rows.item_vector_articles_projected = report.projected;
    }

    return { tenantId: tenant.id, apiKey, sources, items, userIds, rows, seconds: (performance.now() - started) / 1000 };
  } finally {
    await handle.close();
  }
}
