import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { BackgroundLoop } from '../lib/background-loop.js';
import type { Clock } from '../lib/clock.js';
import type { ObjectStore } from '../storage/object-store.js';
import { abandonedJobIds, claimJob, MAX_ATTEMPTS, deleteJob, expiredJobs, findJobById } from './push-job-repo.js';
import { partKey } from './push-chunk.js';
import { chunkAttempts } from './push-chunk-repo.js';
import { resultKey } from './push-job.js';
import type { PushJobRunner, RunOutcome } from './push-job-runner.js';
import { prunePushHistory } from './push-user-states.js';

const POLL_MS = 1000;
const SWEEP_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export interface PushWorkerDeps {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  clock: Clock;
  log: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  runner: PushJobRunner;
  objects: ObjectStore;
  leaseMs: number;
  concurrency: number;
  retentionDays: number;
  meter: PushJobMeter;
}

/** What the push worker counts (push_jobs_total, push_job_duration_seconds: metrics/push-metrics.ts). */
export interface PushJobMeter {
  runEnded(outcome: RunOutcome, seconds: number): void;
}

/**
 * Takes push jobs from the queue (any number of workers, on any nodes) and
 * runs them, `concurrency` at a time; a slot with no job to start takes a
 * chunk of a job already running (here or on another node), so a fleet's
 * workers rank one big job together. Each poll also fails jobs whose workers
 * died on their last allowed attempt; once an hour it removes finished jobs
 * and files past their retention, and push history older than a day.
 */
export class PushWorker {
  /** This worker's identity in leases: a restarted process is a new owner. */
  readonly owner = `worker-${randomUUID()}`;
  private readonly running = new Set<Promise<unknown>>();
  private readonly stopping = new AbortController();
  private readonly loop = new BackgroundLoop({
    pollMs: POLL_MS,
    pass: () => this.poll(),
    onError: (err) => this.deps.log.error({ err }, 'push job poll failed'),
  });
  private lastSweep = -Infinity;

  constructor(private readonly deps: PushWorkerDeps) {}

  /**
   * Loads the content pool in the background (a worker at start), so the first
   * job does not wait for it. Called once the database holds what the process
   * starts with (after seeding the demo): a pool loaded earlier would not see it
   * until its next refresh.
   */
  warmUp(): void {
    void this.deps.runner.warmUp().catch((err: unknown) => this.deps.log.error({ err }, 'content pool warm-up failed'));
  }

  /** Runs one claimed job (exposed for tests that play a stalled or stopping worker). */
  get runner(): PushJobRunner {
    return this.deps.runner;
  }

  start(): void {
    if (!this.stopping.signal.aborted) this.loop.start();
  }

  /** A job was just created: look now instead of at the next poll (once started; tests drive `runPending` instead). */
  wake(): void {
    this.loop.wake();
  }

  /** Claims and runs jobs until none is waiting or the slots are full; resolves when the runs it started end (tests). */
  async runPending(): Promise<RunOutcome[]> {
    const outcomes: RunOutcome[] = [];
    for (;;) {
      const started = await this.claimAndStart();
      if (!started) return outcomes;
      outcomes.push(await started.outcome);
    }
  }

  /** Stops claiming, gives running jobs back to the queue and waits for their runs to end. */
  async stop(): Promise<void> {
    const pollEnds = this.loop.stop();
    this.stopping.abort();
    await pollEnds;
    await Promise.allSettled([...this.running]);
  }

  private async poll(): Promise<void> {
    const now = this.deps.clock.now();
    if (now - this.lastSweep >= SWEEP_MS) {
      this.lastSweep = now;
      await this.sweep(now);
    }
    await this.failAbandoned(now);
    while (this.running.size < this.deps.concurrency && ((await this.claimAndStart()) !== null || (await this.helpAndStart()))) {
      // started one; try for another slot
    }
  }

  /** A free slot and no job waiting: take a chunk of a job another run (on any node) is processing. */
  private async helpAndStart(): Promise<boolean> {
    if (this.stopping.signal.aborted) return false;
    let claimed!: () => void;
    const started = new Promise<boolean>((resolve) => (claimed = () => resolve(true)));
    const help = (async () => {
      // Chunk after chunk while there are any: the next poll is up to a second away.
      for (let first = true; ; first = false) {
        const outcome = await this.deps.runner.help(this.owner, this.stopping.signal, first ? claimed : undefined);
        if (outcome !== 'done' || this.stopping.signal.aborted) return outcome;
      }
    })().catch((err: unknown) => {
      // The chunk stays processing; its lease runs out and another run takes it over.
      this.deps.log.error({ err }, 'push chunk run crashed');
      return null;
    });
    this.running.add(help);
    void help.finally(() => this.running.delete(help));
    // Resolves true once a chunk is claimed, false when there was none (or the claim failed).
    return Promise.race([started, help.then(() => false)]);
  }

  /** Claims a job and starts its run; the run's end is `outcome` (wrapped: awaiting this must not wait for the run). */
  private async claimAndStart(): Promise<{ outcome: Promise<RunOutcome> } | null> {
    if (this.stopping.signal.aborted) return null;
    const { db, dbKind, clock, leaseMs } = this.deps;
    const job = await claimJob(db, dbKind, this.owner, clock.now(), leaseMs);
    if (!job) return null;
    const startedAt = performance.now();
    const run = this.deps.runner
      .run(job, this.owner, this.stopping.signal)
      .then(async (outcome) => {
        if (outcome === 'released') await this.deps.runner.release({ jobId: job.id, owner: this.owner, attempt: job.attempts });
        this.deps.meter.runEnded(outcome, (performance.now() - startedAt) / 1000);
        this.deps.log.info({ jobId: job.id, attempt: job.attempts, outcome }, 'push job run ended');
        return outcome;
      })
      .catch((err: unknown) => {
        // The job stays processing; its lease runs out and another run takes it over.
        this.deps.log.error({ err, jobId: job.id }, 'push job run crashed');
        return 'lost' as const;
      });
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return { outcome: run };
  }

  /** A job whose last allowed run died or gave up fails (and its webhook is sent) instead of waiting forever. */
  private async failAbandoned(now: number): Promise<void> {
    for (const abandoned of await abandonedJobIds(this.deps.db, now)) {
      const job = await findJobById(this.deps.db, abandoned.id);
      if (!job) continue;
      await this.deps.runner.fail(
        job,
        { jobId: job.id, owner: abandoned.owner, attempt: abandoned.attempts },
        'attempts_exhausted',
        `${MAX_ATTEMPTS} runs of this job ended without completing it; create it again, or contact support with the job_id`,
      );
    }
  }

  /** Retention (docs/push.md): finished jobs and their files after `retentionDays`, push history after a day. */
  async sweep(now: number): Promise<void> {
    const { db, objects } = this.deps;
    for (;;) {
      const expired = await expiredJobs(db, now - this.deps.retentionDays * DAY_MS, 100);
      for (const job of expired) {
        // Every attempt's file: a run that died after its upload left one that was never the result.
        for (let attempt = 1; attempt <= job.attempts; attempt++) await objects.delete(resultKey(job.id, attempt));
        // And any chunk's part file its job's run did not get to remove.
        for (const chunk of await chunkAttempts(db, job.id)) {
          for (let attempt = 1; attempt <= chunk.attempts; attempt++) await objects.delete(partKey(job.id, chunk.seq, attempt));
        }
        await deleteJob(db, job.id);
      }
      if (expired.length < 100) break;
    }
    await prunePushHistory(db, now);
    const local = objects as ObjectStore & { sweepIncomplete?: (olderThanMs: number, now: number) => Promise<void> };
    await local.sweepIncomplete?.(DAY_MS, now);
  }
}
