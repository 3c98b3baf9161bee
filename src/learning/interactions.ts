import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { signalWeights } from '../ranking/profile.js';
import type { InteractionMatrix } from './implicit-als.js';

/** Interactions older than this are not learned from: four weeks covers the pool's two and the tastes behind them. */
export const TRAINING_WINDOW_MS = 28 * 24 * 60 * 60_000;
/** A user's most recent items only: a user with 100,000 events costs what one with 200 does. */
export const MAX_ITEMS_PER_USER = 200;
/** The most entries one training reads (about 20 bytes each in memory); past it the run is marked truncated. */
export const MAX_INTERACTIONS = 3_000_000;
/** Confidence per unit of engagement (one click = 1): c = 1 + α · weight, as in Hu et al. */
export const CONFIDENCE_ALPHA = 10;

const PAGE = 20_000;

interface UserEntries {
  id: string;
  entries: { contentId: string; preference: number; confidence: number; at: number }[];
}

/** A user's counters for one item (user_content_signals). */
export interface EngagementCounters {
  clicks: number;
  likes: number;
  dislikes: number;
  shares: number;
  dwellMs: number;
}

/**
 * One (user, item) entry of the matrix, weighted as the profile weighs the
 * same signals (ranking/profile.ts): engagement is preference 1, a dislike
 * preference 0, each with confidence 1 + α · weight. Null for neither
 * (impressions alone: the matrix's zeros already say "not engaged").
 */
export function interactionOf(c: EngagementCounters): { preference: 0 | 1; confidence: number } | null {
  const { pull, push } = signalWeights({ ...c, vector: null, category: null, sourceId: '', impressions: 0, lastAt: 0 });
  if (pull === push) return null;
  return pull > push
    ? { preference: 1, confidence: 1 + CONFIDENCE_ALPHA * (pull - push) }
    : { preference: 0, confidence: 1 + CONFIDENCE_ALPHA * (push - pull) };
}

export interface TenantInteractions {
  matrix: InteractionMatrix;
  /** Content id of each item column. */
  itemIds: string[];
  /** Stopped at MAX_INTERACTIONS. */
  truncated: boolean;
}

/**
 * A tenant's engagement in the training window as a user × item matrix:
 * clicks (feed or push), likes, shares and reading time as preference 1,
 * dislikes as preference 0 (interactionOf). Impressions alone are left out:
 * nine in ten signal rows are only that. Read in primary-key pages, so no index beyond the table's own is needed.
 */
export async function readTenantInteractions(
  db: Kysely<Database>,
  tenantId: string,
  now: number,
  pageSize = PAGE,
): Promise<TenantInteractions> {
  const since = now - TRAINING_WINDOW_MS;
  const itemIndex = new Map<string, number>();
  const itemIds: string[] = [];
  const rowStart: number[] = [0];
  const item: number[] = [];
  const preference: number[] = [];
  const confidence: number[] = [];
  let user = null as UserEntries | null;
  let truncated = false;

  const flush = () => {
    if (user === null || user.entries.length === 0) return;
    const entries =
      user.entries.length > MAX_ITEMS_PER_USER ? user.entries.sort((a, b) => b.at - a.at).slice(0, MAX_ITEMS_PER_USER) : user.entries;
    for (const e of entries) {
      // Columns only for the items kept: a heavy user's dropped items cost nothing.
      let column = itemIndex.get(e.contentId);
      if (column === undefined) {
        column = itemIds.length;
        itemIndex.set(e.contentId, column);
        itemIds.push(e.contentId);
      }
      item.push(column);
      preference.push(e.preference);
      confidence.push(e.confidence);
    }
    rowStart.push(item.length);
  };

  let after: { user: string; content: string } | null = null;
  for (;;) {
    let query = db
      .selectFrom('user_content_signals')
      .select(['user_id', 'content_id', 'clicks', 'likes', 'dislikes', 'shares', 'dwell_ms', 'updated_at'])
      .where('tenant_id', '=', tenantId);
    if (after !== null) {
      const { user: u, content: c } = after;
      // A row-value comparison: both databases seek the primary key to it (an OR of the two
      // conditions made PostgreSQL rescan the tenant's rows for every page: 60 s for 1M rows).
      query = query.where((eb) => eb(eb.refTuple('user_id', 'content_id'), '>', eb.tuple(u, c)));
    }
    const rows = await query.orderBy('user_id').orderBy('content_id').limit(pageSize).execute();
    for (const r of rows) {
      if (Number(r.updated_at) < since) continue;
      const interaction = interactionOf({
        clicks: r.clicks,
        likes: r.likes,
        dislikes: r.dislikes,
        shares: r.shares,
        dwellMs: Number(r.dwell_ms),
      });
      if (interaction === null) continue;
      if (user?.id !== r.user_id) {
        flush();
        if (item.length >= MAX_INTERACTIONS) {
          truncated = true;
          break;
        }
        user = { id: r.user_id, entries: [] };
      }
      user.entries.push({ contentId: r.content_id, ...interaction, at: Number(r.updated_at) });
    }
    if (truncated || rows.length < pageSize) break;
    const last = rows[rows.length - 1]!;
    after = { user: last.user_id, content: last.content_id };
  }
  if (!truncated) flush();
  return {
    matrix: {
      users: rowStart.length - 1,
      items: itemIds.length,
      rowStart: Int32Array.from(rowStart),
      item: Int32Array.from(item),
      preference: Uint8Array.from(preference),
      confidence: Float32Array.from(confidence),
    },
    itemIds,
    truncated,
  };
}
