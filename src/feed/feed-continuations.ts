import { newId } from '../lib/ids.js';
import { LIST_SIZE, personalListUser, type ListRequest } from './held-list.js';
import type { Snapshot, SnapshotStore } from './snapshot-store.js';
import type { UserRanker } from './user-ranker.js';
import type { UserStates } from './user-states.js';

/** Continuations held (each a list's next 60 items, shared by every chain that reads past the list). */
const MAX_CONTINUATIONS = 20_000;

/**
 * What follows a list (or a continuation) for cursor chains that read past
 * it: a ranking of everything it did not cover, for the list's user (or
 * generically), ranked once and shared by every chain on that list. Read
 * items are filtered when served, as for lists.
 */
export class FeedContinuations {
  private readonly held = new Map<string, Promise<{ snapshotId: string; snapshot: Snapshot }>>();

  constructor(private readonly deps: { ranker: UserRanker; users: UserStates; snapshots: SnapshotStore }) {}

  next(request: ListRequest, from: { snapshotId: string; snapshot: Snapshot }): Promise<{ snapshotId: string; snapshot: Snapshot }> {
    const held = this.held.get(from.snapshotId);
    if (held) return held;
    const next = this.rank(request, from.snapshot);
    if (this.held.size >= MAX_CONTINUATIONS) this.held.delete(this.held.keys().next().value!);
    this.held.set(from.snapshotId, next);
    next.catch(() => this.held.delete(from.snapshotId));
    return next;
  }

  /**
   * Ranks what follows a list ahead of the page that reaches its end: that page
   * must know whether anything is left (its next_cursor), and would otherwise
   * wait for this ranking in the request. Nothing waits here; the page finds it
   * held (or still running, then it waits only for the rest).
   */
  prefetch(request: ListRequest, from: { snapshotId: string; snapshot: Snapshot }): void {
    // A failure is forgotten (next() drops it): the page that needs it ranks again.
    this.next(request, from).catch(() => {});
  }

  private async rank(request: ListRequest, from: Snapshot): Promise<{ snapshotId: string; snapshot: Snapshot }> {
    const { users, ranker, snapshots } = this.deps;
    const userId = personalListUser(request.user, request.userId);
    const covered = [...from.covered, ...from.entries.ids];
    const ranked = await ranker.rank(
      {
        tenantId: request.tenantId,
        config: request.algorithm.config,
        user: await users.get(request.tenantId, userId, request.now),
        areas: request.targets,
        now: request.now,
        seedKey: userId ?? 'generic',
        limit: LIST_SIZE,
        pageSize: request.pageSize,
        exclude: new Set(covered),
      },
      'continuation',
    );
    const snapshot: Snapshot = { entries: ranked, covered };
    const snapshotId = newId('snp');
    if (ranked.ids.length > 0) await snapshots.save(snapshotId, snapshot, request.now);
    return { snapshotId, snapshot };
  }
}
