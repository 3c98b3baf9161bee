import { ANONYMOUS, type UserFeedState } from './user-feed-state.js';
import type { UserStateLoader } from './user-state-loader.js';

/**
 * Safety net only, as for scenarios: a state is dropped when its user changes
 * (change bus); one older than this is read again even if a notification was lost.
 */
export const USER_STATE_TTL_MS = 10 * 60_000;

interface Loading {
  promise: Promise<UserFeedState>;
  /** Invalidated while it loaded: served to its callers, but not kept. */
  superseded: boolean;
}

/**
 * Users' feed states (profile, follows, blocks, reads, signals) held per node,
 * least recently used dropped past `maxEntries`: a request reads no database
 * row for its user. Dropped when the change bus says the user changed, so a
 * click the processor applied counts in the next request (read items are
 * filtered when a page is served).
 */
export class UserStates {
  private readonly states = new Map<string, { state: UserFeedState; loadedAt: number }>();
  private readonly loading = new Map<string, Loading>();

  constructor(
    private readonly load: UserStateLoader,
    private readonly maxEntries: number,
  ) {}

  get size(): number {
    return this.states.size;
  }

  async get(tenantId: string, userId: string | undefined, now: number): Promise<UserFeedState> {
    if (userId === undefined) return ANONYMOUS;
    const key = keyOf(tenantId, userId);
    const held = this.states.get(key);
    if (held && now - held.loadedAt < USER_STATE_TTL_MS) {
      this.states.delete(key);
      this.states.set(key, held); // most recently used last
      return held.state;
    }
    const inFlight = this.loading.get(key);
    if (inFlight && !inFlight.superseded) return inFlight.promise;
    const loading: Loading = { promise: this.load(tenantId, userId, now), superseded: false };
    this.loading.set(key, loading);
    try {
      const state = await loading.promise;
      if (!loading.superseded) this.keep(key, state, now);
      return state;
    } finally {
      if (this.loading.get(key) === loading) this.loading.delete(key);
    }
  }

  invalidate(tenantId: string, userIds: readonly string[]): void {
    for (const userId of userIds) {
      const key = keyOf(tenantId, userId);
      this.states.delete(key);
      const inFlight = this.loading.get(key);
      if (inFlight) inFlight.superseded = true;
    }
  }

  clear(): void {
    this.states.clear();
    for (const inFlight of this.loading.values()) inFlight.superseded = true;
  }

  private keep(key: string, state: UserFeedState, now: number): void {
    this.states.delete(key);
    if (this.states.size >= this.maxEntries) this.states.delete(this.states.keys().next().value!);
    this.states.set(key, { state, loadedAt: now });
  }
}

const keyOf = (tenantId: string, userId: string) => `${tenantId}\0${userId}`;
