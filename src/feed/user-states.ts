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
 * What a caller uses a state for. `serve`: a later page of a chain (reads,
 * blocks, profile areas). `rank`: a ranking, or a first page (its list is
 * chosen by the user's signals), which also need the signals.
 */
export type StateUse = 'serve' | 'rank';

interface Held {
  state: UserFeedState;
  loadedAt: number;
  /** Events changed the user's signals since the load (its reads were added): good to serve, not to rank. */
  signalsStale: boolean;
}

/**
 * Users' feed states (profile, follows, blocks, reads, signals) held per node,
 * least recently used dropped past `maxEntries`: a request reads no database
 * row for its user. When the change bus says the user changed, the state is
 * dropped, or, when events alone changed it, the clicked items are added to it
 * (`changed`): a click the processor applied counts in the next request (read
 * items are filtered when a page is served).
 */
export class UserStates {
  private readonly states = new Map<string, Held>();
  private readonly loading = new Map<string, Loading>();

  constructor(
    private readonly load: UserStateLoader,
    private readonly maxEntries: number,
  ) {}

  get size(): number {
    return this.states.size;
  }

  async get(tenantId: string, userId: string | undefined, now: number, use: StateUse = 'rank'): Promise<UserFeedState> {
    if (userId === undefined) return ANONYMOUS;
    const key = keyOf(tenantId, userId);
    const held = this.states.get(key);
    if (held && now - held.loadedAt < USER_STATE_TTL_MS && (use === 'serve' || !held.signalsStale)) {
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

  /**
   * Users changed (change-bus.ts). Those `reads` names changed by events only: their
   * new reads are added to the state held, which later pages are served by, and
   * the next ranking reads it again. The others are read again at the next request.
   */
  changed(tenantId: string, userIds: readonly string[], reads?: Readonly<Record<string, string[]>>): void {
    for (const userId of userIds) {
      const key = keyOf(tenantId, userId);
      const added = reads?.[userId];
      const held = this.states.get(key);
      if (added && held) {
        for (const contentId of added) held.state.read.add(contentId);
        held.signalsStale = true;
      } else {
        this.states.delete(key);
      }
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
    this.states.set(key, { state, loadedAt: now, signalsStale: false });
  }
}

const keyOf = (tenantId: string, userId: string) => `${tenantId}\0${userId}`;
