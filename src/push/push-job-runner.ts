import { setTimeout as sleep } from 'node:timers/promises';
import { PostgresAdapter, type Kysely } from 'kysely';
import type { DatabaseKind } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { utcDay } from '../lib/time.js';
import { addUsageRow } from '../metering/usage-repo.js';
import { enqueueWebhook } from '../webhooks/webhook-outbox.js';
import { assemblePushFile } from './assemble-push-file.js';
import { CHUNK_USERS, partKey, type PushChunk } from './push-chunk.js';
import { chunkAttempts, chunkState, claimChunk, doneParts, hasChunks, insertChunks, releaseChunk } from './push-chunk-repo.js';
import { PushChunkRunner, type ChunkOutcome, type ChunkRunnerDeps } from './push-chunk-runner.js';
import { dropUsersDeletedDuringRun } from './push-erasure.js';
import { MAX_ATTEMPTS, abandonRun, findJobById, finishRun, releaseRun, renewLease, type RunHandle } from './push-job-repo.js';
import { MILLICREDITS_PER_USER, resultKey, type PushJob } from './push-job.js';
import { pushPlan, type PushPlan } from './push-plan.js';
import { planRanges } from './push-targets.js';
import { keepLease } from './lease-keeper.js';

/** How often a run whose remaining chunks are all held by other workers looks again. */
const WAIT_FOR_HELPERS_MS = 200;

export interface PushRunnerDeps extends ChunkRunnerDeps {
  log: { info(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  /** A job reached completed or failed here (wake the webhook sender, re-read the tenant's credits). */
  onFinished(job: PushJob, status: 'completed' | 'failed'): Promise<void>;
}

/**
 * How a run ended: finished the job; lost it to another worker; gave it back
 * because this worker is stopping; or gave it up after an error, to be
 * retried by the next attempt.
 */
export type RunOutcome = 'completed' | 'failed' | 'lost' | 'released' | 'abandoned';

/**
 * Runs one claimed push job (DESIGN §10). The job's users are cut into chunks
 * (ranges of its ordered target list, push-targets.ts) the first time it runs;
 * the run then ranks chunks one at a time (PushChunkRunner) while other workers
 * with a free slot take chunks of the same job (`help`), each chunk held by a
 * lease of its own. When every chunk is done, the run joins their part files
 * in order into the job's file and completes the job: its lease is renewed
 * throughout, every write is conditional on still holding it, and the charge
 * is written once, with the final state, in one transaction. A run that takes
 * the job over after a crash keeps the chunks already done.
 */
export class PushJobRunner {
  private readonly chunks: PushChunkRunner;
  private readonly dbKind: DatabaseKind;

  constructor(private readonly deps: PushRunnerDeps) {
    this.chunks = new PushChunkRunner(deps);
    this.dbKind = deps.db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  }

  /** Loads what ranking needs (the pool), so a worker's first job does not pay for it. */
  warmUp(): Promise<void> {
    return this.deps.ranker.warmUp(this.deps.clock.now());
  }

  async run(job: PushJob, owner: string, stopping: AbortSignal): Promise<RunOutcome> {
    const { db, clock, leaseMs } = this.deps;
    const run: RunHandle = { jobId: job.id, owner, attempt: job.attempts };
    const plan = await pushPlan(db, job, clock.now());
    if (!plan)
      return this.fail(job, run, 'scenario_unavailable', `scenario ${job.scenario} is no longer a push scenario with an algorithm`);
    // The chunks are planned once, by the run that holds the job (fenced: a stalled older run plans nothing).
    const planned = await this.whileHeld(run, async (trx) => {
      if (!(await hasChunks(trx, job.id))) await insertChunks(trx, job.id, await planRanges(trx, job, CHUNK_USERS));
    });
    if (!planned) return 'lost';

    const lease = keepLease(
      () => renewLease(db, run, clock.now(), leaseMs),
      leaseMs,
      (err) => this.deps.log.error({ err, jobId: job.id }, 'push job heartbeat failed'),
    );
    const signal = AbortSignal.any([lease.lost, stopping]);
    // eslint-disable-next-line no-useless-assignment -- the rule does not follow the paths out of the try that read it
    let parts: { partKey: string; processed: number; skipped: number }[] = [];
    const key = resultKey(job.id, job.attempts);
    try {
      const ranked = await this.rankChunks(job, plan, owner, signal);
      if (ranked === 'exhausted') {
        lease.stop();
        return this.fail(
          job,
          run,
          'attempts_exhausted',
          `a part of this job failed ${MAX_ATTEMPTS} times; create it again, or contact support with the job_id`,
        );
      }
      if (ranked !== 'done') {
        if (lease.lost.aborted) return 'lost';
        if (stopping.aborted) return 'released';
        await abandonRun(db, run, clock.now());
        return 'abandoned';
      }
      parts = await doneParts(db, job.id);
      await assemblePushFile(
        this.deps.objects,
        key,
        parts.map((p) => p.partKey),
      );
    } catch (error) {
      if (lease.lost.aborted) return 'lost';
      if (stopping.aborted) return 'released';
      // A database or storage hiccup must not fail a long job: the next attempt resumes it,
      // and after MAX_ATTEMPTS the worker fails it (push-worker.ts).
      this.deps.log.error({ err: error, jobId: job.id, attempt: job.attempts }, 'push job run failed; it will be retried');
      await abandonRun(db, run, clock.now());
      return 'abandoned';
    } finally {
      lease.stop();
    }

    const progress = { processed: sum(parts, 'processed'), skipped: sum(parts, 'skipped') };
    const now = clock.now();
    // Charged for users processed, never beyond what was reserved at creation.
    const charged = Math.min(progress.processed * MILLICREDITS_PER_USER, job.reservedMillicredits);
    const finished = await db.transaction().execute(async (trx) => {
      const held = await finishRun(trx, run, { status: 'completed', now, ...progress, charged, resultKey: key });
      if (!held) return false;
      if (charged > 0)
        await addUsageRow(trx, {
          tenantId: job.tenantId,
          endpoint: 'push-candidates',
          day: utcDay(now),
          requests: 0,
          millicredits: charged,
        });
      await enqueueWebhook(trx, {
        tenantId: job.tenantId,
        type: 'push_job.completed',
        data: { job_id: job.id, status: 'completed', scenario: job.scenario, users_processed: progress.processed },
        now,
      });
      return true;
    });
    if (!finished) {
      await this.deps.objects.delete(key);
      return 'lost';
    }
    try {
      await dropUsersDeletedDuringRun(db, this.deps.objects, job.tenantId, key);
    } catch (err) {
      this.deps.log.error({ err, jobId: job.id }, 'push job file not checked for users deleted during the run');
    }
    await this.removeParts(job);
    // Files of earlier attempts that died after their upload; best effort (retention sweeps them too).
    for (let attempt = 1; attempt < job.attempts; attempt++) {
      await this.deps.objects.delete(resultKey(job.id, attempt)).catch(() => undefined);
    }
    await this.deps.onFinished(job, 'completed');
    return 'completed';
  }

  /**
   * Ranks the job's chunks until all are done: claims the next one this run
   * can take, and when other workers hold all that remain, waits for them (or
   * for their leases to run out, then takes theirs over).
   */
  private async rankChunks(
    job: PushJob,
    plan: PushPlan,
    owner: string,
    signal: AbortSignal,
  ): Promise<'done' | 'exhausted' | 'stopped' | 'failed'> {
    const { db, clock, leaseMs } = this.deps;
    for (;;) {
      if (signal.aborted) return 'stopped';
      const chunk = await claimChunk(db, this.dbKind, owner, clock.now(), leaseMs, job.id);
      if (chunk) {
        const outcome = await this.chunks.run(job, plan, chunk, owner, signal);
        // An error in a chunk gives up the whole run, as it did before jobs had chunks: the next attempt retries.
        if (outcome === 'abandoned') return 'failed';
        if (outcome === 'released') return 'stopped';
        continue;
      }
      const state = await chunkState(db, job.id, clock.now());
      if (state.exhausted > 0) return 'exhausted';
      if (state.done === state.total) return 'done';
      await sleep(WAIT_FOR_HELPERS_MS, undefined, { signal }).catch(() => undefined);
    }
  }

  /**
   * A chunk of any job being processed, run for a worker with a free slot (a
   * fleet's workers share a job this way); null when there is none to take.
   * `onClaimed` is called as soon as one is taken (the worker counts the slot).
   */
  async help(owner: string, stopping: AbortSignal, onClaimed: () => void = () => {}): Promise<ChunkOutcome | null> {
    const { db, clock, leaseMs } = this.deps;
    const chunk = await claimChunk(db, this.dbKind, owner, clock.now(), leaseMs, null);
    if (!chunk) return null;
    onClaimed();
    const job = await findJobById(db, chunk.jobId);
    if (!job || job.status !== 'processing') {
      await releaseChunk(db, { chunkId: chunk.id, owner, attempt: chunk.attempts });
      return 'released';
    }
    return this.runChunk(job, chunk, owner, stopping);
  }

  /** Runs a claimed chunk of `job` (a helper's; exposed for tests that play a stalled one). */
  async runChunk(job: PushJob, chunk: PushChunk, owner: string, stopping: AbortSignal): Promise<ChunkOutcome> {
    const plan = await pushPlan(this.deps.db, job, this.deps.clock.now());
    if (!plan) {
      // The job's own run fails it (its scenario is gone): give the chunk back untouched.
      await releaseChunk(this.deps.db, { chunkId: chunk.id, owner, attempt: chunk.attempts });
      return 'released';
    }
    return this.chunks.run(job, plan, chunk, owner, stopping);
  }

  /**
   * Gives a run's job back to the queue at once (its worker is stopping); the chunks done stay done,
   * and the next run resumes after them.
   */
  async release(run: RunHandle): Promise<void> {
    await releaseRun(this.deps.db, run);
  }

  /**
   * Runs `write` in a transaction that first renews the run's lease: only a
   * run that still holds its job writes (on PostgreSQL the renewal locks the
   * job row, so a takeover waits for the write or comes before it). False,
   * and nothing written, when the job was lost.
   */
  private async whileHeld(run: RunHandle, write: (trx: Kysely<Database>) => Promise<void>): Promise<boolean> {
    const { db, clock, leaseMs } = this.deps;
    return db.transaction().execute(async (trx) => {
      if (!(await renewLease(trx, run, clock.now(), leaseMs))) return false;
      await write(trx);
      return true;
    });
  }

  /** Fails a job whose run (this one, or a worker that died on its last attempt) cannot complete it; nothing is charged. */
  async fail(
    job: PushJob,
    run: { jobId: string; owner: string | null; attempt: number },
    code: string,
    message: string,
  ): Promise<RunOutcome> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const failed = await db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('push_jobs')
        .select(['users_processed', 'users_skipped'])
        .where('id', '=', job.id)
        .executeTakeFirst();
      const progress = { processed: current?.users_processed ?? 0, skipped: current?.users_skipped ?? 0 };
      if (!(await finishRun(trx, run, { status: 'failed', now, ...progress, code, message }))) return false;
      await enqueueWebhook(trx, {
        tenantId: job.tenantId,
        type: 'push_job.failed',
        data: { job_id: job.id, status: 'failed', scenario: job.scenario, users_processed: progress.processed, error: { code, message } },
        now,
      });
      // A failed job's file is never offered: its items may be pushed again.
      await trx.deleteFrom('push_history').where('job_id', '=', job.id).execute();
      return true;
    });
    if (!failed) return 'lost';
    await this.removeParts(job);
    await this.deps.onFinished(job, 'failed');
    return 'failed';
  }

  /** Every part file any chunk run may have written (done or not); best effort: retention sweeps them too. */
  private async removeParts(job: PushJob): Promise<void> {
    for (const { seq, attempts } of await chunkAttempts(this.deps.db, job.id)) {
      for (let attempt = 1; attempt <= attempts; attempt++)
        await this.deps.objects.delete(partKey(job.id, seq, attempt)).catch(() => undefined);
    }
  }
}

function sum<K extends string>(rows: Record<K, number>[], field: K): number {
  return rows.reduce((total, row) => total + row[field], 0);
}
