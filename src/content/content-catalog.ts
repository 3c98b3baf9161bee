import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { findContent, findContents } from './content-repo.js';
import { contentView, type ContentItemView } from './content-view.js';
import { findSource, findSources } from './source-repo.js';
import type { ThumbnailLinks } from '../thumbnails/thumbnail-links.js';

/** How long a node serves a content item from memory before re-reading it. */
export const CONTENT_CACHE_TTL_MS = 30_000;
const MAX_ITEMS = 50_000;

/**
 * Content items as the API shows them, kept in memory: reading an item is the
 * hot path of GET /v1/contents and must not cost database queries (two
 * Kysely queries were 23 % of that route's CPU, bench/RESULTS.md). Changes
 * made on this node are forgotten at once; other nodes see them within the TTL.
 */
export class ContentCatalog {
  private readonly cache = new Map<string, { view: ContentItemView; expiresAt: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly links: ThumbnailLinks,
    private readonly ttlMs = CONTENT_CACHE_TTL_MS,
  ) {}

  /** One item: at once when it is in memory (no promise on the hot path), else read. */
  item(id: string): ContentItemView | null | Promise<ContentItemView | null> {
    const now = this.clock.now();
    const cached = this.cache.get(id);
    if (cached && cached.expiresAt > now) return cached.view;
    return this.read(id, now);
  }

  private async read(id: string, now: number): Promise<ContentItemView | null> {
    const content = await findContent(this.db, id);
    const source = content && (await findSource(this.db, content.sourceId));
    // A hidden article is not served (hide-content.ts): as if it were gone.
    if (!content || !source || content.hidden) {
      this.cache.delete(id);
      return null;
    }
    const view = contentView(content, source, this.links);
    this.remember(id, view, now);
    return view;
  }

  private remember(id: string, view: ContentItemView, now: number): void {
    if (this.cache.size >= MAX_ITEMS) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(id, { view, expiresAt: now + this.ttlMs });
  }

  /** Several items in one go (a feed page): misses are read with one query each for contents and sources. */
  async items(ids: string[]): Promise<Map<string, ContentItemView>> {
    const now = this.clock.now();
    const found = new Map<string, ContentItemView>();
    const missing: string[] = [];
    for (const id of ids) {
      const cached = this.cache.get(id);
      if (cached && cached.expiresAt > now) found.set(id, cached.view);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const contents = await findContents(this.db, missing);
    const sources = new Map((await findSources(this.db, [...new Set(contents.map((c) => c.sourceId))])).map((s) => [s.id, s]));
    for (const content of contents) {
      const source = sources.get(content.sourceId);
      if (!source || content.hidden) continue;
      const view = contentView(content, source, this.links);
      this.remember(content.id, view, now);
      found.set(content.id, view);
    }
    return found;
  }

  forget(id: string): void {
    this.cache.delete(id);
  }

  /** After a change that touches many items (a source renamed or deleted). */
  clear(): void {
    this.cache.clear();
  }
}
