import type { Kysely } from 'kysely';
import type { ChangeBus } from '../changes/change-bus.js';
import { resetCrawlState } from '../crawl/crawl-state-repo.js';
import type { Database } from '../db/schema.js';
import { errors } from '../http/problem.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { articleCounts } from './content-browse-repo.js';
import type { ContentCatalog } from './content-catalog.js';
import { deleteSource, findSource, insertSource, listSources, saveSource, type NewSource, type Source } from './source-repo.js';
import { sourceView } from './source-view.js';

type SourceView = ReturnType<typeof sourceView>;

/** A source's fields as the admin API takes them; on a change, absent fields stay and null clears. */
export interface SourceInput {
  name: string;
  feed_url?: string | null;
  trust_level: number;
  language?: string | null;
  category?: string | null;
  active?: boolean;
  crawl_interval_seconds?: number;
}

export interface SourceServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Item views carry their source's name. */
  contents: ContentCatalog;
  /** Told when a source has a feed to crawl now. */
  crawler: { wake(): void };
  changes: ChangeBus;
}

/**
 * Licensed sources, shared by all tenants: registering one, changing it and
 * deleting it, with what each change means elsewhere (cached item views,
 * which algorithms may rank its items, its crawl state).
 */
export async function registerSource(deps: SourceServiceDeps, input: SourceInput): Promise<SourceView> {
  const now = deps.clock.now();
  const source: NewSource = {
    id: newId('src'),
    name: input.name,
    feedUrl: input.feed_url ?? null,
    trustLevel: input.trust_level,
    language: input.language ?? null,
    category: input.category ?? null,
    active: true,
    crawlIntervalSeconds: input.crawl_interval_seconds,
    createdAt: now,
    updatedAt: now,
  };
  await insertSource(deps.db, source);
  if (source.feedUrl) deps.crawler.wake();
  return sourceView((await findSource(deps.db, source.id))!, 0);
}

export async function listSourceViews(db: Kysely<Database>): Promise<SourceView[]> {
  const [sources, counts] = await Promise.all([listSources(db), articleCounts(db)]);
  return sources.map((s) => sourceView(s, counts.get(s.id) ?? 0));
}

/** The source with the number of articles held from it; 404 if there is none. */
export async function getSourceView(db: Kysely<Database>, id: string): Promise<SourceView> {
  return withArticleCount(db, await requireSource(db, id));
}

export async function changeSource(deps: SourceServiceDeps, id: string, change: Partial<SourceInput>): Promise<SourceView> {
  const { db, clock } = deps;
  const current = await requireSource(db, id);
  const next: Source = {
    ...current,
    name: change.name ?? current.name,
    feedUrl: change.feed_url !== undefined ? change.feed_url : current.feedUrl,
    trustLevel: change.trust_level ?? current.trustLevel,
    language: change.language !== undefined ? change.language : current.language,
    category: change.category !== undefined ? change.category : current.category,
    active: change.active ?? current.active,
    crawlIntervalSeconds: change.crawl_interval_seconds ?? current.crawlIntervalSeconds,
    updatedAt: clock.now(),
  };
  await saveSource(db, next);
  deps.contents.clear(); // items show the source's name
  // Its trust level decides which algorithms may rank its items.
  if (next.trustLevel !== current.trustLevel) deps.changes.publish({ kind: 'sources' });
  // A new feed, or a source switched back on, starts afresh: no back-off
  // or validators earned by the old one.
  if (next.feedUrl !== current.feedUrl || (next.active && !current.active)) await resetCrawlState(db, next.id);
  if (next.feedUrl && next.active) deps.crawler.wake();
  return withArticleCount(db, (await findSource(db, next.id))!);
}

/** Deletes the source and all its contents; 404 if there is none. */
export async function removeSource(deps: SourceServiceDeps, id: string): Promise<void> {
  if (!(await deleteSource(deps.db, id))) throw errors.notFound(`No source ${id}.`);
  deps.contents.clear();
  deps.changes.publish({ kind: 'sources' });
}

async function requireSource(db: Kysely<Database>, id: string): Promise<Source> {
  const source = await findSource(db, id);
  if (!source) throw errors.notFound(`No source ${id}.`);
  return source;
}

async function withArticleCount(db: Kysely<Database>, source: Source): Promise<SourceView> {
  return sourceView(source, (await articleCounts(db, source.id)).get(source.id) ?? 0);
}
