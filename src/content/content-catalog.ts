import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { findContent } from './content-repo.js';
import { contentView, type ContentItemView } from './content-view.js';
import { findSource } from './source-repo.js';

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
  private readonly items = new Map<string, { view: ContentItemView; expiresAt: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly ttlMs = CONTENT_CACHE_TTL_MS,
  ) {}

  async item(id: string): Promise<ContentItemView | null> {
    const now = this.clock.now();
    const cached = this.items.get(id);
    if (cached && cached.expiresAt > now) return cached.view;
    const content = await findContent(this.db, id);
    const source = content && (await findSource(this.db, content.sourceId));
    if (!content || !source) {
      this.items.delete(id);
      return null;
    }
    const view = contentView(content, source);
    if (this.items.size >= MAX_ITEMS) this.items.delete(this.items.keys().next().value!);
    this.items.set(id, { view, expiresAt: now + this.ttlMs });
    return view;
  }

  forget(id: string): void {
    this.items.delete(id);
  }

  /** After a change that touches many items (a source renamed or deleted). */
  clear(): void {
    this.items.clear();
  }
}
