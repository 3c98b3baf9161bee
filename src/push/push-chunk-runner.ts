import { once } from 'node:events';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { AreaDirectory } from '../areas/area-directory.js';
import type { ContentCatalog } from '../content/content-catalog.js';
import type { ContentItemView } from '../content/content-view.js';
import type { Database } from '../db/schema.js';
import { ExperimentArms } from '../experiments/experiment-arms.js';
import type { Experiment } from '../experiments/experiment.js';
import { registeredUserIds } from '../users/user-repo.js';
import type { Ranked, UserRanker } from '../feed/user-ranker.js';
import type { Clock } from '../lib/clock.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { TrackingTokens } from '../tracking/tracking-token.js';
import { partKey, type PushChunk } from './push-chunk.js';
import { abandonChunk, finishChunk, releaseChunk, renewChunkLease, type ChunkHandle } from './push-chunk-repo.js';
import { MILLICREDITS_PER_USER, type PushJob } from './push-job.js';
import { addProgress } from './push-job-repo.js';
import type { PushPlan } from './push-plan.js';
import { rankBatch, type PushUser } from './push-batch-rankings.js';
import { targetBatches, type TargetBatch } from './push-targets.js';
import { keepLease } from './lease-keeper.js';
import { loadPushUserStates, recordPushed } from './push-user-states.js';

/** Users ranked between two reads of the database; also the part file's write granularity. */
const BATCH_SIZE = 500;

export interface ChunkRunnerDeps {
  db: Kysely<Database>;
  clock: Clock;
  log: { error(obj: unknown, msg?: string): void };
  objects: ObjectStore;
  ranker: UserRanker;
  areas: AreaDirectory;
  contents: ContentCatalog;
  tokens: TrackingTokens;
  leaseMs: number;
  /**
   * Test-only (PUSH_TEST_STALL_CHUNKS): each run hangs after its first batch, its lease renewed and its part
   * half written, until stopped or lost. push-shared-job.test.ts kills such a worker: one that ranks on would
   * finish its chunk, or the whole job, before the kill on a quiet machine.
   */
  stallChunksForTests?: boolean;
}

/**
 * How a chunk's run ended: done (its part written and recorded), lost to another worker, given back
 * (stopping), or given up after an error.
 */
export type ChunkOutcome = 'done' | 'lost' | 'released' | 'abandoned';

/** A batch read, its rankings asked for and not yet written. */
interface BatchInFlight {
  batch: TargetBatch;
  now: number;
  users: PushUser[];
  ranked: Promise<Ranked[][]>;
}

type Offered = { tenant_id: string; user_id: string; content_id: string; job_id: string; pushed_at: number };

/** What a chunk's lines add up to, recorded when it is done. */
interface ChunkTally {
  processed: number;
  skipped: number;
  offered: Offered[];
  perVariant: Map<string, number>;
}

/** Ends the line generator: the run was stopped or lost its chunk. */
class RunStopped extends Error {}

/**
 * Runs one claimed chunk of a push job (DESIGN §10): streams its users in
 * batches, ranks each with the push scenario's algorithm (read items, blocked
 * sources and what was pushed to the user in the last day left out), and
 * streams JSONL lines to the chunk's part file, so memory grows with the chunk
 * (2,000 users), not the job. The chunk's lease is renewed while it runs; it
 * is marked done, with what its lines offered (the 24-hour rule) and the job's
 * progress, in one transaction conditional on still holding the lease.
 */
export class PushChunkRunner {
  /** Each user's experiment variant, the same the feed gives them (docs/experiments.md). */
  private readonly arms: ExperimentArms;

  constructor(private readonly deps: ChunkRunnerDeps) {
    this.arms = new ExperimentArms(deps.db, deps.clock);
  }

  async run(job: PushJob, plan: PushPlan, chunk: PushChunk, owner: string, stopping: AbortSignal): Promise<ChunkOutcome> {
    const { db, clock, leaseMs, objects } = this.deps;
    const run: ChunkHandle = { chunkId: chunk.id, owner, attempt: chunk.attempts };
    const lease = keepLease(
      () => renewChunkLease(db, run, clock.now(), leaseMs),
      leaseMs,
      (err) => this.deps.log.error({ err, jobId: job.id, chunk: chunk.seq }, 'push chunk heartbeat failed'),
    );
    const key = partKey(job.id, chunk.seq, chunk.attempts);
    const signal = AbortSignal.any([lease.lost, stopping]);
    const tally: ChunkTally = { processed: 0, skipped: 0, offered: [], perVariant: new Map() };
    try {
      await objects.put(key, Readable.from(this.lines(job, plan, chunk, tally, signal), { objectMode: false }), 'application/x-ndjson');
    } catch (error) {
      if (lease.lost.aborted) return 'lost';
      if (stopping.aborted) {
        await releaseChunk(db, run);
        return 'released';
      }
      this.deps.log.error(
        { err: error, jobId: job.id, chunk: chunk.seq, attempt: chunk.attempts },
        'push chunk run failed; it will be retried',
      );
      await abandonChunk(db, run, clock.now());
      return 'abandoned';
    } finally {
      lease.stop();
    }
    const done = await db.transaction().execute(async (trx) => {
      if (!(await finishChunk(trx, run, { processed: tally.processed, skipped: tally.skipped, partKey: key }))) return false;
      // The job failed meanwhile (its last run died): nothing of this chunk counts.
      if (!(await addProgress(trx, job.id, tally.processed, tally.skipped))) return false;
      // Not for users deleted since their line was written (their erasure found nothing to erase yet).
      const offeredTo = [...new Set(tally.offered.map((o) => o.user_id))];
      const present = offeredTo.length > 0 ? await registeredUserIds(trx, job.tenantId, offeredTo) : new Set<string>();
      await recordPushed(
        trx,
        tally.offered.filter((o) => present.has(o.user_id)),
      );
      return true;
    });
    if (!done) {
      await objects.delete(key);
      return 'lost';
    }
    if (plan.experiment) await this.countServed(job, plan.experiment.experiment, tally.perVariant);
    return 'done';
  }

  /**
   * Streams the part file's lines, tallying what they offer. The next batch is read and its
   * rankings asked for while this one's are ranked and written, so the ranking threads are
   * not idle while this thread reads states and writes lines (issue 20).
   */
  private async *lines(job: PushJob, plan: PushPlan, chunk: PushChunk, tally: ChunkTally, signal: AbortSignal): AsyncGenerator<Buffer> {
    const batches = targetBatches(this.deps.db, job, chunk.range, BATCH_SIZE)[Symbol.asyncIterator]();
    let ahead = this.readAhead(job, plan, batches, signal);
    ahead.catch(() => {});
    try {
      for (;;) {
        const current = await ahead;
        if (current === null) return;
        ahead = this.readAhead(job, plan, batches, signal);
        // Awaited at the next turn or when the run ends: until then a failure must not count as unhandled.
        ahead.catch(() => {});
        const lines = await this.batchLines(job, plan, current, tally);
        if (signal.aborted) throw new RunStopped();
        if (lines.length > 0) yield Buffer.from(`${lines.join('\n')}\n`);
        if (this.deps.stallChunksForTests) {
          if (!signal.aborted) await once(signal, 'abort');
          throw new RunStopped();
        }
      }
    } finally {
      // Left early (stopped, lost, failed): the batch read ahead is let finish, so no ranking outlives the run.
      await ahead.then((next) => next?.ranked).catch(() => {});
    }
  }

  /** The next batch: its users' states read and their rankings asked for (null after the last). */
  private async readAhead(
    job: PushJob,
    plan: PushPlan,
    batches: AsyncIterator<TargetBatch>,
    signal: AbortSignal,
  ): Promise<BatchInFlight | null> {
    if (signal.aborted) throw new RunStopped();
    const next = await batches.next();
    if (next.done) return null;
    const batch = next.value;
    const now = this.deps.clock.now();
    const states = await loadPushUserStates(this.deps.db, job.tenantId, batch.userIds, job.id, now);
    const present = batch.userIds.filter((userId) => states.has(userId)); // deleted since the batch was listed: no line, no charge
    const variants = plan.experiment ? await this.arms.assignUsers(plan.experiment.experiment, present) : null;
    const users = present.map((userId) => {
      const variant = variants?.get(userId)?.name ?? null;
      const config = variant === null ? plan.config : plan.experiment!.configs.get(variant)!;
      return { userId, state: states.get(userId)!, variant, config };
    });
    const ranked = rankBatch(this.deps.ranker, this.deps.areas, job, users, now);
    // Awaited when the batch's turn comes; until then a failure must not count as unhandled.
    ranked.catch(() => {});
    return { batch, now, users, ranked };
  }

  /** A ranked batch's lines, in its users' order, with their tracking tokens. */
  private async batchLines(job: PushJob, plan: PushPlan, current: BatchInFlight, tally: ChunkTally): Promise<string[]> {
    const { batch, now, users } = current;
    const ranked = await current.ranked;
    const views = await this.deps.contents.items([...new Set(ranked.flatMap((r) => r.map((item) => item.id)))]);
    const issuedAt = Math.floor(now / 1000);
    const lines: string[] = [];
    users.forEach(({ userId, state, variant }, u) => {
      const experiment = variant === null ? null : { id: plan.experiment!.experiment.id, variant };
      const candidates: (ContentItemView & { score: number; tracking_token: string })[] = [];
      for (const r of ranked[u]!) {
        const view = views.get(r.id);
        if (!view || state.blocked.has(view.source.id)) continue; // deleted, or its source blocked meanwhile
        if (candidates.length === job.candidatesPerUser) break;
        const token = this.deps.tokens.issue({
          tenantId: job.tenantId,
          contentId: r.id,
          scenario: job.scenario,
          channel: 'push',
          userId,
          requestId: job.id,
          position: candidates.length,
          issuedAt,
          features: r.components ?? null,
          experiment,
        });
        candidates.push({ ...view, score: r.score, tracking_token: token });
        tally.offered.push({ tenant_id: job.tenantId, user_id: userId, content_id: r.id, job_id: job.id, pushed_at: now });
      }
      lines.push(JSON.stringify({ user_id: userId, candidates }));
      if (variant !== null) tally.perVariant.set(variant, (tally.perVariant.get(variant) ?? 0) + 1);
    });
    tally.processed += users.length;
    tally.skipped += batch.skipped + (batch.userIds.length - users.length);
    return lines;
  }

  /** Push users and their credits per variant, counted once the chunk is done. */
  private async countServed(job: PushJob, experiment: Experiment, perVariant: Map<string, number>): Promise<void> {
    for (const [variant, users] of perVariant)
      this.arms.served.count(job.tenantId, experiment.id, variant, { pushUsers: users, millicredits: users * MILLICREDITS_PER_USER });
    await this.arms.served.flush();
  }
}
