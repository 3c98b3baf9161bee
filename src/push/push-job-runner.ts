import { effectiveAlgorithm } from '../learning/fitted-weights.js';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { AreaDirectory } from '../areas/area-directory.js';
import type { ContentCatalog } from '../content/content-catalog.js';
import type { ContentItemView } from '../content/content-view.js';
import type { Database } from '../db/schema.js';
import { areaTarget, resolveFeedAreas } from '../feed/resolve-feed-areas.js';
import type { ChannelSizes } from '../feed/retrieve-candidates.js';
import type { Ranked, UserRanker } from '../feed/user-ranker.js';
import { explorationSlots } from '../ranking/rank.js';
import type { AreaTarget } from '../ranking/types.js';
import type { Clock } from '../lib/clock.js';
import { utcDay } from '../lib/time.js';
import { addUsageRow } from '../metering/usage-repo.js';
import type { AlgorithmConfig } from '../scenarios/algorithm-config.js';
import { findAlgorithm, findScenario } from '../scenarios/scenario-repo.js';
import { ExperimentArms } from '../experiments/experiment-arms.js';
import type { Experiment } from '../experiments/experiment.js';
import { reallocateIfDue } from '../experiments/experiment-bandit.js';
import { runningExperiment } from '../experiments/experiment-repo.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { TrackingTokens } from '../tracking/tracking-token.js';
import { enqueueWebhook } from '../webhooks/webhook-outbox.js';
import { MILLICREDITS_PER_USER, resultKey, type PushJob } from './push-job.js';
import { dropUsersDeletedDuringRun } from './push-erasure.js';
import { abandonRun, finishRun, releaseRun, renewLease, type RunHandle } from './push-job-repo.js';
import { targetBatches } from './push-targets.js';
import { forgetPushed, loadPushUserStates, recordPushed, type PushUserState } from './push-user-states.js';

/** Users ranked between two reads of the database; also the file's write granularity. */
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

export interface PushRunnerDeps {
  db: Kysely<Database>;
  clock: Clock;
  log: { info(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  objects: ObjectStore;
  ranker: UserRanker;
  areas: AreaDirectory;
  contents: ContentCatalog;
  tokens: TrackingTokens;
  leaseMs: number;
  /** A job reached completed or failed here (wake the webhook sender, re-read the tenant's credits). */
  onFinished(job: PushJob, status: 'completed' | 'failed'): Promise<void>;
}

/**
 * How a run ended: finished the job; lost it to another worker; gave it back
 * because this worker is stopping; or gave it up after an error, to be
 * retried by the next attempt.
 */
export type RunOutcome = 'completed' | 'failed' | 'lost' | 'released' | 'abandoned';

/** What a job ranks with: the scenario's algorithm, or, while an experiment runs on it, each variant's (by name). */
interface PushPlan {
  config: AlgorithmConfig;
  experiment: { experiment: Experiment; configs: Map<string, AlgorithmConfig> } | null;
}

/** The one ranking a batch's plain users share (see `rankUser`). */
interface SharedRanking {
  ranking?: Promise<Ranked[]>;
}

interface Progress {
  processed: number;
  skipped: number;
}

/** Ends the line generator: the run was stopped or lost its job. */
class RunStopped extends Error {}


/**
 * Runs one claimed push job (DESIGN §10): streams its users in batches, ranks
 * each with the push scenario's algorithm (read items, blocked sources and
 * what was pushed to the user in the last day left out), and streams JSONL
 * lines to the object store, so memory does not grow with the user count.
 * The lease is renewed while it runs; every write of the run is conditional
 * on still holding it, and a run taken over after a crash starts the file
 * afresh under its own attempt's key: the file has each user once, and the
 * charge is written once, with the final state, in one transaction.
 */
export class PushJobRunner {
  /** Each user's experiment variant, the same the feed gives them (docs/experiments.md). */
  private readonly arms: ExperimentArms;

  constructor(private readonly deps: PushRunnerDeps) {
    this.arms = new ExperimentArms(deps.db, deps.clock);
  }

  /** Loads what ranking needs (the pool), so a worker's first job does not pay for it. */
  warmUp(): Promise<void> {
    return this.deps.ranker.warmUp(this.deps.clock.now());
  }

  async run(job: PushJob, owner: string, stopping: AbortSignal): Promise<RunOutcome> {
    const { db, clock, leaseMs } = this.deps;
    const run: RunHandle = { jobId: job.id, owner, attempt: job.attempts };
    const plan = await this.pushPlan(job);
    if (!plan) return this.fail(job, run, { processed: 0, skipped: 0 }, 'scenario_unavailable', `scenario ${job.scenario} is no longer a push scenario with an algorithm`);

    const progress: Progress = { processed: 0, skipped: 0 };
    // What an earlier attempt recorded goes; fenced, so a stalled older run cannot wipe a newer one's record.
    if (!(await this.whileHeld(run, progress, (trx) => forgetPushed(trx, job.id)))) return 'lost';
    const lost = new AbortController();
    const heartbeat = setInterval(() => {
      renewLease(db, run, clock.now(), leaseMs, progress)
        .then((held) => held || lost.abort())
        .catch((err: unknown) => this.deps.log.error({ err, jobId: job.id }, 'push job heartbeat failed'));
    }, Math.max(100, Math.floor(leaseMs / 3)));
    heartbeat.unref();

    const key = resultKey(job.id, job.attempts);
    const signal = AbortSignal.any([lost.signal, stopping]);
    const written: string[] = [];
    try {
      await this.deps.objects.put(key, Readable.from(this.lines(job, run, plan, progress, signal, lost, written), { objectMode: false }), 'application/x-ndjson');
    } catch (error) {
      if (lost.signal.aborted) return 'lost';
      if (stopping.aborted) return 'released';
      // A database or storage hiccup must not fail a long job: the next attempt starts afresh,
      // and after MAX_ATTEMPTS the worker fails it (push-worker.ts).
      this.deps.log.error({ err: error, jobId: job.id, attempt: job.attempts }, 'push job run failed; it will be retried');
      await abandonRun(db, run, clock.now());
      return 'abandoned';
    } finally {
      clearInterval(heartbeat);
    }

    const now = clock.now();
    // Charged for users processed, never beyond what was reserved at creation.
    const charged = Math.min(progress.processed * MILLICREDITS_PER_USER, job.reservedMillicredits);
    const finished = await db.transaction().execute(async (trx) => {
      const held = await finishRun(trx, run, { status: 'completed', now, ...progress, charged, resultKey: key });
      if (!held) return false;
      if (charged > 0) await addUsageRow(trx, { tenantId: job.tenantId, endpoint: 'push-candidates', day: utcDay(now), requests: 0, millicredits: charged });
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
      await dropUsersDeletedDuringRun(db, this.deps.objects, job.tenantId, key, written);
    } catch (err) {
      this.deps.log.error({ err, jobId: job.id }, 'push job file not checked for users deleted during the run');
    }
    // Files of earlier attempts that died after their upload; best effort (retention sweeps them too).
    for (let attempt = 1; attempt < job.attempts; attempt++) {
      await this.deps.objects.delete(resultKey(job.id, attempt)).catch(() => undefined);
    }
    await this.deps.onFinished(job, 'completed');
    return 'completed';
  }

  /** Gives a run's job back to the queue at once (its worker is stopping); what it recorded is forgotten with it. */
  async release(run: RunHandle): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      if (await releaseRun(trx, run)) await forgetPushed(trx, run.jobId);
    });
  }

  /**
   * Runs `write` in a transaction that first renews the run's lease: only a
   * run that still holds its job writes (on PostgreSQL the renewal locks the
   * job row, so a takeover waits for the write or comes before it). False,
   * and nothing written, when the job was lost.
   */
  private async whileHeld(run: RunHandle, progress: Progress, write: (trx: Kysely<Database>) => Promise<void>): Promise<boolean> {
    const { db, clock, leaseMs } = this.deps;
    return db.transaction().execute(async (trx) => {
      if (!(await renewLease(trx, run, clock.now(), leaseMs, progress))) return false;
      await write(trx);
      return true;
    });
  }

  /** Fails a job whose run (this one, or a worker that died on its last attempt) cannot complete it; nothing is charged. */
  async fail(job: PushJob, run: { jobId: string; owner: string | null; attempt: number }, progress: Progress, code: string, message: string): Promise<RunOutcome> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const failed = await db.transaction().execute(async (trx) => {
      if (!(await finishRun(trx, run, { status: 'failed', now, ...progress, code, message }))) return false;
      await enqueueWebhook(trx, {
        tenantId: job.tenantId,
        type: 'push_job.failed',
        data: { job_id: job.id, status: 'failed', scenario: job.scenario, users_processed: progress.processed, error: { code, message } },
        now,
      });
      return true;
    });
    if (!failed) return 'lost';
    await forgetPushed(db, job.id); // a failed job's file is never offered: its items may be pushed again
    await this.deps.onFinished(job, 'failed');
    return 'failed';
  }

  private async pushPlan(job: PushJob): Promise<PushPlan | null> {
    const { db } = this.deps;
    const scenario = await findScenario(db, job.tenantId, job.scenario);
    if (!scenario || scenario.type !== 'push') return null;
    const algorithm = await findAlgorithm(db, job.tenantId, scenario.algorithmId);
    if (!algorithm) return null;
    const config = (await effectiveAlgorithm(db, scenario.name, algorithm)).config;
    const running = await runningExperiment(db, job.tenantId, scenario.name);
    const experiment = running && (await reallocateIfDue(db, running, this.deps.clock.now()));
    if (!experiment || experiment.status !== 'running') return { config, experiment: null };
    const configs = new Map<string, AlgorithmConfig>();
    for (const v of experiment.variants) {
      const found = await findAlgorithm(db, job.tenantId, v.algorithmId);
      // Deleting a running experiment's algorithm is refused; should one be gone anyway, the scenario's serves alone.
      if (!found) return { config, experiment: null };
      configs.set(v.name, (await effectiveAlgorithm(db, scenario.name, found)).config);
    }
    return { config, experiment: { experiment, configs } };
  }

  /** Streams the file's lines; the users given one are appended to `written`. */
  private async *lines(job: PushJob, run: RunHandle, plan: PushPlan, progress: Progress, signal: AbortSignal, lost: AbortController, written: string[]): AsyncGenerator<Buffer> {
    const { db, clock } = this.deps;
    for await (const batch of targetBatches(db, job, BATCH_SIZE)) {
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
        const chunk = users.slice(i, i + RANKINGS_IN_FLIGHT);
        const ranked = await Promise.all(
          chunk.map(({ userId, state, variant, config }) => {
            if (!plains.has(variant)) plains.set(variant, {});
            return this.rankUser(job, config, userId, state, now, plains.get(variant)!);
          }),
        );
        chunk.forEach(({ userId, state, variant }, j) => picks.push({ userId, state, ranked: ranked[j]!, variant }));
        // Ranking inline (RANKING_THREADS=0) is CPU on this thread: let requests be answered between chunks.
        await new Promise((resolve) => setImmediate(resolve));
      }
      const views = await this.deps.contents.items([...new Set(picks.flatMap((p) => p.ranked.map((r) => r.id)))]);
      const issuedAt = Math.floor(now / 1000);
      const lines: string[] = [];
      const offered: { tenant_id: string; user_id: string; content_id: string; job_id: string; pushed_at: number }[] = [];
      for (const { userId, state, ranked, variant } of picks) {
        const experiment = variant === null ? null : { id: plan.experiment!.experiment.id, variant };
        const candidates: (ContentItemView & { score: number; tracking_token: string })[] = [];
        for (const r of ranked) {
          const view = views.get(r.id);
          if (!view || state.blocked.has(view.source.id)) continue; // deleted, or its source blocked meanwhile
          if (candidates.length === job.candidatesPerUser) break;
          const token = this.deps.tokens.issue({ tenantId: job.tenantId, contentId: r.id, scenario: job.scenario, channel: 'push', userId, requestId: job.id, position: candidates.length, issuedAt, features: r.components ?? null, experiment });
          candidates.push({ ...view, score: r.score, tracking_token: token });
          offered.push({ tenant_id: job.tenantId, user_id: userId, content_id: r.id, job_id: job.id, pushed_at: now });
        }
        lines.push(JSON.stringify({ user_id: userId, candidates }));
      }
      if (signal.aborted) throw new RunStopped();
      const next = { processed: progress.processed + picks.length, skipped: progress.skipped + batch.skipped + (batch.userIds.length - picks.length) };
      if (!(await this.whileHeld(run, next, (trx) => recordPushed(trx, offered)))) {
        lost.abort();
        throw new RunStopped();
      }
      Object.assign(progress, next);
      if (plan.experiment) await this.countServed(job, plan.experiment.experiment, picks);
      for (const pick of picks) written.push(pick.userId);
      if (lines.length > 0) yield Buffer.from(`${lines.join('\n')}\n`);
    }
  }

  /** Push users and their credits per variant, written with the batch's progress. */
  private async countServed(job: PushJob, experiment: Experiment, picks: { variant: string | null }[]): Promise<void> {
    const perVariant = new Map<string, number>();
    for (const { variant } of picks) if (variant !== null) perVariant.set(variant, (perVariant.get(variant) ?? 0) + 1);
    for (const [variant, users] of perVariant) this.arms.served.count(job.tenantId, experiment.id, variant, { pushUsers: users, millicredits: users * MILLICREDITS_PER_USER });
    await this.arms.served.flush();
  }

  /**
   * The user's best items (a few more than `candidates_per_user`), best first
   * (the file is ordered by score; SPEC). Users with nothing personal to rank
   * by (no signals, interests, areas, follows, blocks, reads or recent pushes)
   * all get the same ranking when it has no seeded exploration slot: it is
   * computed once per batch (`plain`) instead of once per user.
   */
  private async rankUser(job: PushJob, config: AlgorithmConfig, userId: string, state: PushUserState, now: number, plain: SharedRanking): Promise<Ranked[]> {
    const areas = resolveFeedAreas(this.deps.areas, {}, state.properties).map((a) => areaTarget(this.deps.areas, a));
    const limit = job.candidatesPerUser + SPARE_CANDIDATES;
    const shared = areas.length === 0 && isPlain(state) && explorationSlots(config, limit) === 0;
    if (shared) return (plain.ranking ??= this.rankFor(job, config, userId, state, areas, now, limit));
    return this.rankFor(job, config, userId, state, areas, now, limit);
  }

  private async rankFor(job: PushJob, config: AlgorithmConfig, userId: string, state: PushUserState, areas: AreaTarget[], now: number, limit: number): Promise<Ranked[]> {
    const ranked = await this.deps.ranker.rank({
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
    }, 'push');
    return ranked.sort((a, b) => b.score - a.score);
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
