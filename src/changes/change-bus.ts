/**
 * What changed, for the per-node caches that hold it (issue 15): each node
 * keeps API keys with their tenant, scenarios, user states and ranked lists in memory and drops or
 * re-ranks them when told. On one node the bus is a function call; in a fleet
 * it is PostgreSQL LISTEN/NOTIFY (postgres-change-bus.ts).
 */
export type Change =
  /**
   * Users whose ranking state changed (events applied, profile, follows,
   * blocks). `rerank: 'now'`: their next first page must reflect it (a click,
   * like, share, dislike, login, or an edit); `'soon'`: within a list's
   * refresh (impressions, dwell time).
   */
  | {
      kind: 'users';
      tenantId: string;
      userIds: string[];
      rerank: 'now' | 'soon';
      /**
       * For the users it names, events are all that changed (clicks, likes,
       * impressions…: no login), and these are the items each newly read (clicked):
       * a node adds them to the state it holds instead of reading it again for
       * the next page of a chain; the signals a ranking uses did change, so the
       * next ranking reads it again. Users it does not name: anything may have
       * changed (read everything again).
       */
      reads?: Record<string, string[]>;
    }
  /** A tenant's scenarios or algorithms. */
  | { kind: 'tenant'; tenantId: string }
  /**
   * A tenant's account: plan, rate, usage cap, webhook, API keys revoked. Every
   * node drops the keys it cached for the tenant, so the next request reads them
   * again (issue 17: a cap set on one node was ignored by another for 5 s).
   */
  | { kind: 'account'; tenantId: string }
  /**
   * A tenant's collaborative model was trained again (src/learning/): the
   * ranking threads load it, and the tenant's lists are re-ranked in the
   * background (served meanwhile).
   */
  | { kind: 'model'; tenantId: string }
  /** Sources (trust level, deletion): every tenant's lists. */
  | { kind: 'sources' }
  /** A notification may have been missed (the listener reconnected): drop everything. */
  | { kind: 'everything' };

export interface ChangeBus {
  /** Tells this node's subscribers now and, in a fleet, every other node. */
  publish(change: Change): void;
  subscribe(listener: (change: Change) => void): void;
  close(): Promise<void>;
}

/** One node: subscribers are called at once, in order. */
export class LocalChangeBus implements ChangeBus {
  private readonly listeners: ((change: Change) => void)[] = [];

  publish(change: Change): void {
    this.deliver(change);
  }

  subscribe(listener: (change: Change) => void): void {
    this.listeners.push(listener);
  }

  /** Calls every subscriber (also for changes other nodes published). */
  deliver(change: Change): void {
    for (const listener of this.listeners) listener(change);
  }

  async close(): Promise<void> {}
}
