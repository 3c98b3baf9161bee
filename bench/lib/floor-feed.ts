import { createHash } from 'node:crypto';
import type { ContentCatalog } from '../../src/content/content-catalog.js';
import type { FeedPage, FeedPageItem, FeedQuery, FeedService } from '../../src/feed/feed-service.js';
import type { Clock } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { Signer } from '../../src/lib/signer.js';
import type { TrackingTokens } from '../../src/tracking/tracking-token.js';

/** A cursor's payload as src/feed/feed-cursor.ts writes it (since issue 15: with the chain's start `t`). */
interface CursorPayload {
  s: string;
  o: number;
  b: string;
  t: number;
}

/** What a cursor is bound to, digested as feed-cursor.ts's bindingKey does (copied: only the cost must match). */
function bindingKey(tenantId: string, query: FeedQuery): string {
  const areaQuery = Object.entries({ n: query.area_names, i: query.area_ids, l: query.area_level })
    .filter(([, v]) => v !== undefined)
    .sort();
  return createHash('sha256')
    .update(JSON.stringify([tenantId, query.scenario, query.user_id ?? null, areaQuery]))
    .digest('base64url')
    .slice(0, 16);
}

/**
 * The floor of GET /v1/feed: the same answer for fixed items, with none of the
 * work of choosing them. Per request it does what any implementation must: verify
 * the cursor it was given, look the items' views up in the catalog (in memory),
 * sign a tracking token per item for this request, user and position, and sign
 * the next cursor. No scenario or user lookup, retrieval, ranking or snapshot store.
 * Only `feed()` is implemented: it is all GET /v1/feed calls.
 */
export class FloorFeed implements Pick<FeedService, 'feed'> {
  private readonly cursors: Signer;

  constructor(
    private readonly deps: {
      contents: ContentCatalog;
      tokens: TrackingTokens;
      clock: Clock;
      secretKey: string;
      /** The page served every time, in order, with the scores the feed gave them. */
      items: { id: string; score: number }[];
    },
  ) {
    this.cursors = new Signer(deps.secretKey, 'feed-cursor');
  }

  async feed(tenantId: string, query: FeedQuery, requestId: string): Promise<FeedPage> {
    const now = this.deps.clock.now();
    const binding = bindingKey(tenantId, query);
    let state = { snapshotId: newId('snp'), offset: 0, startedAt: now };
    if (query.cursor !== undefined) {
      const payload = this.cursors.verify<CursorPayload>(query.cursor);
      // Never happens with the benchmark's traffic: a 500 shows up as non-2xx.
      if (!payload || payload.b !== binding) throw new Error('floor: a cursor this floor did not issue for this query');
      state = { snapshotId: payload.s, offset: payload.o, startedAt: payload.t };
    }
    const views = await this.deps.contents.items(this.deps.items.map((i) => i.id));
    const issuedAt = Math.floor(now / 1000);
    const items: FeedPageItem[] = [];
    for (const { id, score } of this.deps.items) {
      const view = views.get(id);
      if (!view) throw new Error(`floor: item ${id} is missing from the catalog`);
      const position = state.offset + items.length;
      const token = this.deps.tokens.issue({
        tenantId,
        contentId: id,
        scenario: query.scenario,
        channel: 'feed',
        userId: query.user_id ?? null,
        requestId,
        position,
        issuedAt,
      });
      items.push({ view, score, trackingToken: token });
    }
    const next: CursorPayload = { s: state.snapshotId, o: state.offset + items.length, b: binding, t: state.startedAt };
    // No areas: the floor resolves none.
    return { items, nextCursor: this.cursors.sign(next), areas: [], ignoredAreas: [] };
  }
}
