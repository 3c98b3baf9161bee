import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { contentView, type ContentItemView } from './content-view.js';
import type { ThumbnailLinks } from '../thumbnails/thumbnail-links.js';
import { viewedContents } from './viewed-contents.js';

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
    // Hidden (hide-content.ts) or of a deleted source: not served, as if it were gone.
    const [found] = await viewedContents(this.db, [id]);
    if (!found) {
      this.cache.delete(id);
      return null;
    }
    const view = contentView(found.content, found.source, this.links);
    this.remember(id, view, now);
    return view;
  }

  private remember(id: string, view: ContentItemView, now: number): void {
    if (this.cache.size >= MAX_ITEMS) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(id, { view, expiresAt: now + this.ttlMs });
  }

  /** Several items in one go (a feed page): misses are read in one query of the columns shown. */
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
    for (const { content, source } of await viewedContents(this.db, missing)) {
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
