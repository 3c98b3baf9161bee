import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { BackgroundLoop } from '../lib/background-loop.js';
import type { Clock } from '../lib/clock.js';
import type { SecretBox } from '../lib/secret-box.js';
import { findTenant } from '../tenants/tenant-repo.js';
import { claimDelivery, recordAttempt, settleUnsent, type ClaimedDelivery, type Settlement } from './delivery-queue.js';
import { WebhookSender, type SendOutcome } from './webhook-sender.js';
import { signatureHeaders, signWebhook } from './webhook-signature.js';

export interface WebhookDispatcherDeps {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  clock: Clock;
  log: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  /** Opens the tenants' sealed `whsec_` secrets. */
  secrets: SecretBox;
  allowPrivateNetwork: boolean;
  /** WEBHOOK_REQUIRE_HTTPS. */
  requireHttps?: boolean;
  /** Waits before retries 1..3 (the first attempt is due at once). */
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  meter: WebhookMeter;
}

/** What the dispatcher counts (webhook_deliveries_total, webhook_attempt_duration_seconds: metrics/webhook-metrics.ts). */
export interface WebhookMeter {
  settled(outcome: 'delivered' | 'failed' | 'cancelled'): void;
  attempted(result: SendOutcome['result'], seconds: number): void;
}

const POLL_MS = 1000;
/** Attempts sent at once by one dispatcher: enough that receivers timing out do not hold up the others. */
export const WEBHOOK_CONCURRENCY = 8;
/**
 * Slots one tenant may hold. A tenant whose receiver hangs keeps at most two
 * attempts waiting out their timeout; the other six stay free, so three tenants
 * with dead receivers still leave room for everyone else (issue 17: 15 hanging
 * deliveries of one tenant held another's for 45 s).
 */
export const WEBHOOK_SLOTS_PER_TENANT = 2;
/** ±20 %: receivers that failed together (an outage) are not retried in lockstep. */
const JITTER = 0.2;
/** An attempt takes at most timeoutMs; the lease adds this for the database writes around it. */
const LEASE_MARGIN_MS = 60_000;
/** How long `stop()` waits past timeoutMs for attempts in flight. */
const STOP_GRACE_MS = 5_000;

/**
 * Sends recorded webhook deliveries (see webhook-outbox.ts). Each attempt
 * reads the tenant's current URL and secret, signs afresh and records itself
 * in `webhook_attempts`; a delivery holds a lease while it is sent, so any
 * number of dispatchers share one database and a crashed one's deliveries are
 * taken over when its lease runs out.
 *
 * Attempts run side by side, up to WEBHOOK_CONCURRENCY, and each slot that frees
 * is filled at once with the most overdue delivery of a tenant below its share
 * (WEBHOOK_SLOTS_PER_TENANT); nothing waits for a batch to finish.
 */
export class WebhookDispatcher {
  private readonly owner = `whd_${randomBytes(8).toString('hex')}`;
  private readonly sender: WebhookSender;
  private readonly leaseMs: number;
  private readonly loop = new BackgroundLoop({
    pollMs: POLL_MS,
    pass: () => this.fill(),
    onError: (err) => this.deps.log.error({ err }, 'webhook dispatch failed; retrying at the next poll'),
  });
  private stopped = false;
  /** Attempts under way, in all and per tenant. */
  private inFlight = 0;
  private readonly inFlightByTenant = new Map<string, number>();
  /** Attempts started since the dispatcher was built (runDue counts its own from it). */
  private started = 0;
  private ended = 0;
  /** Claims run one after another, so free slots are never counted twice. */
  private filling: Promise<void> = Promise.resolve();
  /** Called when an attempt ends. */
  private waiters: (() => void)[] = [];

  constructor(private readonly deps: WebhookDispatcherDeps) {
    this.sender = new WebhookSender({
      allowPrivateNetwork: deps.allowPrivateNetwork,
      requireHttps: deps.requireHttps,
      timeoutMs: deps.timeoutMs,
    });
    this.leaseMs = deps.timeoutMs + LEASE_MARGIN_MS;
  }

  /** Polls for due deliveries (once a second); deliveries left pending by a previous process resume. */
  start(): void {
    if (!this.stopped) this.loop.start();
  }

  /** A delivery was just recorded: look now instead of at the next poll. Only once started. */
  wake(): void {
    this.loop.wake();
  }

  /**
   * Attempts every delivery due at the clock's now, and those that fall due
   * while it runs; resolves when nothing is in flight or due. Returns how many
   * attempts started meanwhile.
   */
  async runDue(): Promise<number> {
    const before = this.started;
    for (;;) {
      // An attempt that ends while its tenant was passed over frees a slot the
      // claim did not see: claim again before concluding nothing is due.
      const endedBefore = this.ended;
      await this.fill();
      if (this.inFlight > 0) await this.anAttemptEnds();
      else if (this.ended === endedBefore) return this.started - before;
    }
  }

  /** Stops polling and waits for the claim in flight, then (at most timeoutMs + 5 s) for attempts in flight. */
  async stop(): Promise<void> {
    const pollEnds = this.loop.stop();
    this.stopped = true;
    const deadline = Date.now() + this.deps.timeoutMs + STOP_GRACE_MS;
    // A claim in flight may yet start an attempt: wait for it, then for the attempts.
    await pollEnds;
    while (this.inFlight > 0 && Date.now() < deadline) {
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, deadline - Date.now());
      });
      await Promise.race([this.anAttemptEnds(), grace]);
      clearTimeout(timer);
    }
    await this.sender.close();
  }

  /** Fills a freed slot at once, under the loop or a runDue alike (the loop's own passes are `fill`). */
  private refill(): void {
    this.fill().catch((err: unknown) => this.deps.log.error({ err }, 'webhook dispatch failed; retrying at the next poll'));
  }

  private anAttemptEnds(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Claims due deliveries into the free slots and starts them; never waits for an attempt. */
  private fill(): Promise<void> {
    const run = this.filling.then(() => this.claimIntoFreeSlots());
    this.filling = run.catch(() => undefined);
    return run;
  }

  private async claimIntoFreeSlots(): Promise<void> {
    while (!this.stopped && this.inFlight < WEBHOOK_CONCURRENCY) {
      const now = this.deps.clock.now();
      const atShare = [...this.inFlightByTenant].filter(([, n]) => n >= WEBHOOK_SLOTS_PER_TENANT).map(([tenantId]) => tenantId);
      const delivery = await claimDelivery(this.deps.db, this.deps.dbKind, this.owner, now, now + this.leaseMs, atShare);
      if (!delivery) return;
      this.begin(delivery);
    }
  }

  private begin(delivery: ClaimedDelivery): void {
    const tenantId = delivery.tenantId;
    this.started += 1;
    this.inFlight += 1;
    this.inFlightByTenant.set(tenantId, (this.inFlightByTenant.get(tenantId) ?? 0) + 1);
    this.attempt(delivery)
      .catch((err: unknown) => {
        // The lease stays: the delivery is tried again once it runs out.
        this.deps.log.error({ err, delivery: delivery.id }, 'webhook attempt could not be recorded');
      })
      .finally(() => {
        this.inFlight -= 1;
        this.ended += 1;
        const left = this.inFlightByTenant.get(tenantId)! - 1;
        if (left === 0) this.inFlightByTenant.delete(tenantId);
        else this.inFlightByTenant.set(tenantId, left);
        const waiters = this.waiters;
        this.waiters = [];
        for (const wake of waiters) wake();
        // A slot is free: fill it now, not when the next attempt ends. Attempts
        // run only under the poller or a runDue, so this never starts work alone.
        if (!this.stopped) this.refill();
      });
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const { db, clock, log } = this.deps;
    const context = { delivery: delivery.id, tenant: delivery.tenantId, type: delivery.eventType };
    const tenant = await findTenant(db, delivery.tenantId);
    const url = tenant?.webhookUrl;
    const sealed = tenant?.webhookSecretSealed;
    if (!url || !sealed) {
      if (await settleUnsent(db, delivery.lease, 'cancelled', clock.now(), 'the webhook was removed before the delivery was sent')) {
        this.deps.meter.settled('cancelled');
        log.info(context, 'webhook delivery cancelled: the tenant has no webhook now');
      }
      return;
    }
    let secret: string;
    try {
      secret = this.deps.secrets.open(sealed);
    } catch (err) {
      log.error({ ...context, err }, 'webhook secret cannot be opened (was SECRET_KEY changed?); set the webhook again');
      if (await settleUnsent(db, delivery.lease, 'failed', clock.now(), 'the signing secret could not be read; set the webhook again')) {
        this.deps.meter.settled('failed');
      }
      return;
    }

    const attempt = delivery.attempts + 1;
    const startedAt = clock.now();
    const timestamp = Math.floor(startedAt / 1000);
    const headers = signatureHeaders(delivery.id, timestamp, signWebhook(secret, delivery.id, timestamp, delivery.payload));
    const started = performance.now();
    const outcome = await this.sender.send(url, headers, delivery.payload);
    const durationMs = Math.round(performance.now() - started);
    this.deps.meter.attempted(outcome.result, durationMs / 1000);

    const settlement = this.settle(outcome, attempt);
    const record = { attempt, url, startedAt, durationMs, statusCode: outcome.statusCode, error: outcome.error };
    if (!(await recordAttempt(db, delivery.lease, record, settlement))) {
      log.warn({ ...context, attempt }, 'webhook lease ran out during the attempt; another dispatcher has the delivery');
      return;
    }
    const facts = { ...context, attempt, status_code: outcome.statusCode, duration_ms: durationMs };
    if (settlement.status === 'pending') {
      log.warn({ ...facts, error: outcome.error, next_attempt_at: settlement.nextAttemptAt }, 'webhook attempt failed; will retry');
      return;
    }
    this.deps.meter.settled(settlement.status);
    if (settlement.status === 'delivered') log.info(facts, 'webhook delivered');
    else log.warn({ ...facts, error: outcome.error, refused_address: outcome.refusedAddress }, 'webhook delivery failed');
  }

  /** One first attempt, then a retry after each of retryDelaysMs; only retryable failures use them. */
  private settle(outcome: SendOutcome, attempt: number): Settlement {
    const now = this.deps.clock.now();
    if (outcome.result === 'delivered') return { status: 'delivered', at: now };
    const delay = this.deps.retryDelaysMs[attempt - 1];
    if (outcome.result === 'final' || delay === undefined) return { status: 'failed', at: now };
    return { status: 'pending', nextAttemptAt: now + Math.round(delay * (1 + JITTER * (2 * Math.random() - 1))) };
  }
}
