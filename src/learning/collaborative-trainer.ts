import type { Kysely } from 'kysely';
import type pino from 'pino';
import type { ChangeBus } from '../changes/change-bus.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { startThread } from '../lib/start-thread.js';
import { releaseTrainingLease, takeTrainingLease } from './model-store.js';
import { trainTenant, type TrainingReport } from './train-tenant.js';
import type { TrainingThreadInput } from './training-thread.js';

/** Long enough for the largest tenant we measured (docs/learning.md); a worker that dies frees the tenant after it. */
const LEASE_MS = 15 * 60_000;
const THREAD_ENTRY = new URL('./training-thread.js', import.meta.url);

export interface TrainerOptions {
  db: Kysely<Database>;
  databaseUrl: string;
  clock: Clock;
  log: pino.Logger;
  /** Told of each new model: every node's rankings load it (a fleet hears it through PostgreSQL). */
  changes: ChangeBus;
  /** How often tenants with new activity are trained again. */
  intervalMs: number;
  /** Train on a thread of its own (false: inline, for a database only this thread can open). */
  threaded: boolean;
  onTrained?: (report: TrainingReport) => void;
}

export class TrainingBusyError extends Error {
  constructor() {
    super('a training of this tenant is already running');
  }
}

/**
 * Trains each tenant's collaborative model in the workers (never on the
 * request path): every interval, the tenants with activity since their model
 * was trained, one at a time, each under a lease so one worker of a fleet
 * trains it. Rankings on every node read the stored model (collaborative-models.ts).
 */
export class CollaborativeTrainer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly options: TrainerOptions) {}

  start(): void {
    this.timer = setInterval(() => void this.runOnce(), this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass over the tenants with new activity (the timer's work; tests call it). */
  runOnce(): Promise<void> {
    this.running ??= this.trainDue()
      .catch((err: unknown) => this.options.log.error({ err }, 'collaborative training pass failed'))
      .finally(() => (this.running = null));
    return this.running;
  }

  /** Trains one tenant now (the admin API's "train now"); TrainingBusyError when another run holds it. */
  async trainNow(tenantId: string): Promise<TrainingReport> {
    const report = await this.trainLeased(tenantId);
    if (report === null) throw new TrainingBusyError();
    return report;
  }

  private async trainDue(): Promise<void> {
    for (const tenantId of await this.tenantsWithNewActivity()) await this.trainLeased(tenantId);
  }

  /** Tenants whose counts changed since their model was trained (content_stats is indexed by tenant and time). */
  private async tenantsWithNewActivity(): Promise<string[]> {
    const { db } = this.options;
    const rows = await db
      .selectFrom('tenants')
      .leftJoin('collaborative_models', 'collaborative_models.tenant_id', 'tenants.id')
      .select(['tenants.id', 'collaborative_models.trained_at'])
      .execute();
    const due: string[] = [];
    for (const row of rows) {
      const since = row.trained_at === null ? 0 : Number(row.trained_at);
      const changed = await db
        .selectFrom('content_stats')
        .select('content_id')
        .where('tenant_id', '=', row.id)
        .where('updated_at', '>', since)
        .where('clicks', '>', 0)
        .limit(1)
        .executeTakeFirst();
      if (changed) due.push(row.id);
    }
    return due;
  }

  private async trainLeased(tenantId: string): Promise<TrainingReport | null> {
    const { db, clock, log } = this.options;
    const now = clock.now();
    if (!(await takeTrainingLease(db, tenantId, now, now + LEASE_MS))) return null;
    try {
      const report = this.options.threaded ? await this.trainOnThread(tenantId, now) : await trainTenant(db, tenantId, now);
      log.info({ ...report }, 'collaborative model trained');
      this.options.changes.publish({ kind: 'model', tenantId });
      // Scenarios ranking with learned weights read them with their algorithm: reload those.
      if (report.fittedScenarios.length > 0) this.options.changes.publish({ kind: 'tenant', tenantId });
      this.options.onTrained?.(report);
      return report;
    } catch (err) {
      await releaseTrainingLease(db, tenantId).catch(() => {});
      throw err;
    }
  }

  private trainOnThread(tenantId: string, now: number): Promise<TrainingReport> {
    return new Promise((resolve, reject) => {
      const thread = startThread(THREAD_ENTRY, { databaseUrl: this.options.databaseUrl, tenantId, now } satisfies TrainingThreadInput);
      thread.once('message', (reply: { report: TrainingReport } | { error: string }) =>
        'error' in reply ? reject(new Error(`training thread: ${reply.error}`)) : resolve(reply.report),
      );
      thread.once('error', reject);
      thread.once('exit', (code) => reject(new Error(`training thread exited with code ${code}`)));
    });
  }
}
