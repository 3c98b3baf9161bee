import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { AreaDirectory } from '../areas/area-directory.js';
import type { ContentCatalog } from '../content/content-catalog.js';
import type { ContentItemView } from '../content/content-view.js';
import type { Database } from '../db/schema.js';
import { ExperimentArms } from '../experiments/experiment-arms.js';
import type { Experiment } from '../experiments/experiment.js';
import { rankingAreas } from '../feed/resolve-feed-areas.js';
import { registeredUserIds } from '../users/user-repo.js';
import type { ChannelSizes } from '../feed/retrieve-candidates.js';
import { rankedItems } from '../feed/ranked-list.js';
import type { Ranked, UserRanker } from '../feed/user-ranker.js';
import type { Clock } from '../lib/clock.js';
import { explorationSlots } from '../ranking/rank.js';
import type { AreaTarget } from '../ranking/types.js';
import type { AlgorithmConfig } from '../scenarios/algorithm-config.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { TrackingTokens } from '../tracking/tracking-token.js';
import { partKey, type PushChunk } from './push-chunk.js';
import { abandonChunk, finishChunk, releaseChunk, renewChunkLease, type ChunkHandle } from './push-chunk-repo.js';
import { MILLICREDITS_PER_USER, type PushJob } from './push-job.js';
import { addProgress } from './push-job-repo.js';
import type { PushPlan } from './push-plan.js';
import { targetBatches } from './push-targets.js';
import { keepLease } from './lease-keeper.js';
import { loadPushUserStates, recordPushed, type PushUserState } from './push-user-states.js';

/** Users ranked between two reads of the database; also the part file's write granularity. */
const BATCH_SIZE = 500;
const SPARE_CANDIDATES = 2;
/**
 * Users ranked at once: enough to keep the ranking threads busy while this
 * thread waits; ranked inline, it is also how much ranking runs between two
 * turns of the event loop (~10–20 ms of CPU).
 */
const RANKINGS_IN_FLIGHT = 20;
/** A push line needs 1–3 items: smaller channels than a feed snapshot's keep a user's ranking cheap. */
export const PUSH_CHANNELS: ChannelSizes = { vectors: 40, vectorProbes: 4, perArea: 40, perFollowedSource: 10, fresh: 60, popular: 20 };

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
}

/**
 * How a chunk's run ended: done (its part written and recorded), lost to another worker, given back
 * (stopping), or given up after an error.
 */
export type ChunkOutcome = 'done' | 'lost' | 'released' | 'abandoned';

/** The one ranking a batch's plain users share (see `rankUser`). */
interface SharedRanking {
  ranking?: Promise<Ranked[]>;
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

  /** Streams the part file's lines, tallying what they offer. */
  private async *lines(job: PushJob, plan: PushPlan, chunk: PushChunk, tally: ChunkTally, signal: AbortSignal): AsyncGenerator<Buffer> {
    const { db, clock } = this.deps;
    for await (const batch of targetBatches(db, job, chunk.range, BATCH_SIZE)) {
      if (signal.aborted) throw new RunStopped();
      const now = clock.now();
      const states = await loadPushUserStates(db, job.tenantId, batch.userIds, job.id, now);
      const picks: { userId: string; state: PushUserState; ranked: Ranked[]; variant: string | null }[] = [];
      // One shared plain ranking per algorithm.
      const plains = new Map<string | null, SharedRanking>();
      const present = batch.userIds.filter((userId) => states.has(userId)); // deleted since the batch was listed: no line, no charge
      const variants = plan.experiment ? await this.arms.assignUsers(plan.experiment.experiment, present) : null;
      const users = present.map((userId) => {
        const variant = variants?.get(userId)?.name ?? null;
        const config = variant === null ? plan.config : plan.experiment!.configs.get(variant)!;
        return { userId, state: states.get(userId)!, variant, config };
      });
      // Several users in flight keep every ranking thread busy; the file keeps the batch's order.
      for (let i = 0; i < users.length; i += RANKINGS_IN_FLIGHT) {
        const slice = users.slice(i, i + RANKINGS_IN_FLIGHT);
        const ranked = await Promise.all(
          slice.map(({ userId, state, variant, config }) => {
            if (!plains.has(variant)) plains.set(variant, {});
            return this.rankUser(job, config, userId, state, now, plains.get(variant)!);
          }),
        );
        slice.forEach(({ userId, state, variant }, j) => picks.push({ userId, state, ranked: ranked[j]!, variant }));
        // Ranking inline (RANKING_THREADS=0) is CPU on this thread: let requests be answered between slices.
        await new Promise((resolve) => setImmediate(resolve));
      }
      const views = await this.deps.contents.items([...new Set(picks.flatMap((p) => p.ranked.map((r) => r.id)))]);
      const issuedAt = Math.floor(now / 1000);
      const lines: string[] = [];
      for (const { userId, state, ranked, variant } of picks) {
        const experiment = variant === null ? null : { id: plan.experiment!.experiment.id, variant };
        const candidates: (ContentItemView & { score: number; tracking_token: string })[] = [];
        for (const r of ranked) {
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
      }
      if (signal.aborted) throw new RunStopped();
      tally.processed += picks.length;
      tally.skipped += batch.skipped + (batch.userIds.length - picks.length);
      if (lines.length > 0) yield Buffer.from(`${lines.join('\n')}\n`);
    }
  }

  /** Push users and their credits per variant, counted once the chunk is done. */
  private async countServed(job: PushJob, experiment: Experiment, perVariant: Map<string, number>): Promise<void> {
    for (const [variant, users] of perVariant)
      this.arms.served.count(job.tenantId, experiment.id, variant, { pushUsers: users, millicredits: users * MILLICREDITS_PER_USER });
    await this.arms.served.flush();
  }

  /**
   * The user's best items (a few more than `candidates_per_user`), best first
   * (the file is ordered by score; SPEC). Users with nothing personal to rank
   * by (no signals, interests, areas, follows, blocks, reads or recent pushes)
   * all get the same ranking when it has no seeded exploration slot: it is
   * computed once per batch (`plain`) instead of once per user.
   */
  private async rankUser(
    job: PushJob,
    config: AlgorithmConfig,
    userId: string,
    state: PushUserState,
    now: number,
    plain: SharedRanking,
  ): Promise<Ranked[]> {
    const areas = rankingAreas(this.deps.areas, {}, state).targets;
    const limit = job.candidatesPerUser + SPARE_CANDIDATES;
    const shared = areas.length === 0 && isPlain(state) && explorationSlots(config, limit) === 0;
    if (shared) return (plain.ranking ??= this.rankFor(job, config, userId, state, areas, now, limit));
    return this.rankFor(job, config, userId, state, areas, now, limit);
  }

  private async rankFor(
    job: PushJob,
    config: AlgorithmConfig,
    userId: string,
    state: PushUserState,
    areas: AreaTarget[],
    now: number,
    limit: number,
  ): Promise<Ranked[]> {
    const ranked = await this.deps.ranker.rank(
      {
        tenantId: job.tenantId,
        config,
        user: state,
        areas,
        now,
        seedKey: userId,
        // A few spare, for items deleted or blocked since the pool saw them.
        limit,
        pageSize: job.candidatesPerUser,
        exclude: state.pushed,
        channels: PUSH_CHANNELS,
      },
      'push',
    );
    return rankedItems(ranked).sort((a, b) => b.score - a.score);
  }
}

/** Nothing in the user's state would make their ranking differ from another such user's. */
function isPlain(state: PushUserState): boolean {
  const interests = state.properties.interests;
  return (
    state.signals.length === 0 &&
    state.followed.size === 0 &&
    state.blocked.size === 0 &&
    state.read.size === 0 &&
    state.pushed.size === 0 &&
    !(Array.isArray(interests) && interests.length > 0)
  );
}
