import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { utcDay } from '../lib/time.js';
import { billingCycleAt } from './billing-cycle.js';
import { addUsage, usageBetween, type UsageDelta } from './usage-repo.js';

/** What the meter needs to know about a tenant. */
export interface MeteredTenant {
  id: string;
  usageCapMillicredits: number | null;
  billingAnchorDay: number;
}

/** A claim on credits made before a request runs; settled once when it ends. */
export interface Reservation {
  tenantId: string;
  endpoint: string;
  day: string;
  millicredits: number;
  /** The cap state that counts this reservation in flight, if any. */
  counted: CapState | null;
}

interface CapState {
  cycleStartDay: string;
  cycleEndDay: string;
  cycleEndsAt: number;
  anchorDay: number;
  /** What the ledger held at the last read. */
  ledger: number;
  /** Charged here since then, not yet in the ledger. */
  pending: number;
  /** Reserved by requests still running. */
  inFlight: number;
  /** Held by work that outlives a request (active push jobs), as the database said at the last read plus holds taken here since. */
  held: number;
  /** Every hold taken here, summed: tells a refresh which holds its database read may have missed. */
  holdsTaken: number;
  /** Ledger reads started, and the latest one applied: an older read finishing last is stale. */
  readsStarted: number;
  readApplied: number;
}

/** Credits a tenant's unfinished jobs hold (reserved at creation, charged when they settle). */
export type HeldCredits = (tenantId: string) => Promise<number>;

/**
 * Counts requests and credits in memory and writes them to the daily ledger in
 * batches: one SQLite commit per interval instead of one fsync per request. A
 * crash loses at most one interval of counters (documented in docs/).
 *
 * For tenants with a usage cap the meter also knows the cycle's total:
 * ledger + pending + in flight. Credits are reserved before the work and
 * refunded when the response is not a success, so concurrent requests cannot
 * pass the cap together on one node. Credits held by unfinished push jobs
 * count against the cap too, until the job settles. Each flush re-reads the ledger, so on a
 * fleet the cap can be overshot by at most what other nodes charged in one
 * flush interval.
 */
export class Meter {
  /** Open counters by tenant, then endpoint (no per-request key strings on the hot path). */
  private open = new Map<string, Map<string, UsageDelta>>();
  /** Counters of a day that ended before the flush. */
  private closed: UsageDelta[] = [];
  private readonly caps = new Map<string, CapState>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly log: { error(obj: unknown, msg: string): void } = console,
    private readonly heldCredits: HeldCredits = async () => 0,
    /** Writes a flush's deltas to the ledger (on a SQLite file: the writer thread, sqlite-event-writer.ts). */
    private readonly writeUsage: (deltas: UsageDelta[]) => Promise<void> = (deltas) => addUsage(db, deltas),
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /**
   * Reserves `millicredits`; null when that would pass the tenant's cap. Answers at
   * once when the tenant has no cap or its cycle's state is loaded (the hot path
   * takes no promise), with a promise when the ledger must be read.
   */
  reserve(tenant: MeteredTenant, endpoint: string, millicredits: number): Reservation | null | Promise<Reservation | null> {
    const now = this.clock.now();
    const day = utcDay(now);
    if (tenant.usageCapMillicredits === null || millicredits === 0) {
      return { tenantId: tenant.id, endpoint, day, millicredits, counted: null };
    }
    const state = this.currentCapState(tenant, now);
    if (state) return this.reserveWithin(state, tenant, endpoint, day, millicredits);
    return this.loadCapState(tenant, now).then((loaded) => this.reserveWithin(loaded, tenant, endpoint, day, millicredits));
  }

  private reserveWithin(state: CapState, tenant: MeteredTenant, endpoint: string, day: string, millicredits: number): Reservation | null {
    if (state.ledger + state.pending + state.inFlight + state.held + millicredits > tenant.usageCapMillicredits!) return null;
    state.inFlight += millicredits;
    return { tenantId: tenant.id, endpoint, day, millicredits, counted: state };
  }

  /**
   * Turns a reservation into a hold kept past the request (a push job was
   * created with it): it stops counting as in flight here and counts as held
   * until the job settles. Counts no request; the route's own request is
   * counted by the pipeline.
   */
  keepAsHold(reservation: Reservation): void {
    if (!reservation.counted) return;
    reservation.counted.inFlight -= reservation.millicredits;
    reservation.counted.held += reservation.millicredits;
    reservation.counted.holdsTaken += reservation.millicredits;
  }

  /** Gives a reservation back without counting anything (the work it was for was not started). */
  release(reservation: Reservation): void {
    if (reservation.counted) reservation.counted.inFlight -= reservation.millicredits;
  }

  /** Re-reads a capped tenant's ledger and holds now (a job settled: its hold became a charge). */
  async refresh(tenantId: string): Promise<void> {
    const state = this.caps.get(tenantId);
    if (!state) return;
    await this.readLedgerAndHolds(tenantId, state);
  }

  /**
   * Holds first, then the ledger: a job settling between the two reads is then
   * counted twice for a moment (safe), never not at all. Holds taken here while
   * reading are kept, whether or not the read saw them (again: counted twice
   * at worst, until the next read). Reads overlap (a periodic flush and a
   * settled job's refresh): one that started before the latest applied read
   * is dropped, or it would restore a hold the job has since released.
   */
  private async readLedgerAndHolds(tenantId: string, state: CapState): Promise<void> {
    const read = ++state.readsStarted;
    const takenBefore = state.holdsTaken;
    const held = await this.heldCredits(tenantId);
    const ledger = await usageBetween(this.db, tenantId, state.cycleStartDay, state.cycleEndDay);
    if (read < state.readApplied) return;
    state.readApplied = read;
    state.ledger = ledger;
    state.held = held + (state.holdsTaken - takenBefore);
  }

  /** Ends a reservation, charging `charged` (0 to refund) and counting one request. */
  settle(reservation: Reservation, charged: number): void {
    // Only the state that counted the reservation gives it back: a cap set or
    // a cycle begun while the request ran must not go negative.
    if (reservation.counted) reservation.counted.inFlight -= reservation.millicredits;
    const state = this.caps.get(reservation.tenantId);
    if (state && reservation.day >= state.cycleStartDay && reservation.day < state.cycleEndDay) state.pending += charged;
    this.add(reservation.tenantId, reservation.endpoint, reservation.day, 1, charged);
  }

  /** Counts a request that costs nothing. */
  countFree(tenantId: string, endpoint: string): void {
    this.add(tenantId, endpoint, utcDay(this.clock.now()), 1, 0);
  }

  /** Credits charged in the tenant's current cycle, including what is not yet flushed. */
  async usedThisCycle(tenant: MeteredTenant): Promise<number> {
    await this.flush();
    const cycle = billingCycleAt(this.clock.now(), tenant.billingAnchorDay);
    return usageBetween(this.db, tenant.id, cycle.startDay, cycle.endDay);
  }

  /**
   * Writes pending counters to the ledger. Concurrent calls share one write; a
   * call made while a write runs waits for it and then writes what came since,
   * so the ledger holds everything counted before the call.
   */
  flush(): Promise<void> {
    if (this.flushing) {
      // Another caller may start the next write first: wait for that one too.
      return this.flushing.then(() => (this.flushing || this.hasPending() ? this.flush() : undefined));
    }
    this.flushing = this.writeDeltas().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private hasPending(): boolean {
    return this.open.size > 0 || this.closed.length > 0;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  private add(tenantId: string, endpoint: string, day: string, requests: number, millicredits: number): void {
    let byEndpoint = this.open.get(tenantId);
    if (!byEndpoint) {
      byEndpoint = new Map();
      this.open.set(tenantId, byEndpoint);
    }
    let counter = byEndpoint.get(endpoint);
    if (!counter || counter.day !== day) {
      if (counter) this.closed.push(counter);
      counter = { tenantId, endpoint, day, requests: 0, millicredits: 0 };
      byEndpoint.set(endpoint, counter);
    }
    counter.requests += requests;
    counter.millicredits += millicredits;
  }

  private takeBatch(): UsageDelta[] {
    const batch = this.closed;
    for (const byEndpoint of this.open.values()) batch.push(...byEndpoint.values());
    this.open = new Map();
    this.closed = [];
    return batch;
  }

  private async writeDeltas(): Promise<void> {
    if (!this.hasPending() && this.caps.size === 0) return;
    const batch = this.takeBatch();
    const written = new Map<string, number>();
    for (const d of batch) written.set(d.tenantId, (written.get(d.tenantId) ?? 0) + d.millicredits);
    try {
      await this.writeUsage(batch);
    } catch (error) {
      for (const d of batch) this.add(d.tenantId, d.endpoint, d.day, d.requests, d.millicredits);
      this.log.error({ err: error }, 'usage flush failed; counters kept for the next attempt');
      return;
    }
    await this.refreshCaps(written);
  }

  /** Re-reads capped tenants' cycle totals, picking up what other nodes charged. */
  private async refreshCaps(written: Map<string, number>): Promise<void> {
    for (const [tenantId, state] of this.caps) {
      await this.readLedgerAndHolds(tenantId, state);
      // The written part of `pending` is in the ledger now; what was charged
      // since the batch was taken stays pending.
      state.pending = Math.max(0, state.pending - (written.get(tenantId) ?? 0));
    }
  }

  /** The tenant's loaded cap state, if it is for the cycle `now` falls in. */
  private currentCapState(tenant: MeteredTenant, now: number): CapState | undefined {
    const current = this.caps.get(tenant.id);
    return current && now < current.cycleEndsAt && current.anchorDay === tenant.billingAnchorDay ? current : undefined;
  }

  private async loadCapState(tenant: MeteredTenant, now: number): Promise<CapState> {
    const current = this.caps.get(tenant.id);
    const cycle = billingCycleAt(now, tenant.billingAnchorDay);
    const held = await this.heldCredits(tenant.id);
    const ledger = await usageBetween(this.db, tenant.id, cycle.startDay, cycle.endDay);
    // A concurrent request may have loaded the new cycle while we read.
    const raced = this.caps.get(tenant.id);
    if (raced && raced !== current) return raced;
    const state: CapState = {
      cycleStartDay: cycle.startDay,
      cycleEndDay: cycle.endDay,
      cycleEndsAt: cycle.endsAt,
      anchorDay: tenant.billingAnchorDay,
      ledger,
      pending: 0,
      inFlight: 0,
      held,
      holdsTaken: 0,
      readsStarted: 0,
      readApplied: 0,
    };
    this.caps.set(tenant.id, state);
    return state;
  }
}
