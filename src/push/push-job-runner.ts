import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { AreaDirectory } from '../areas/area-directory.js';
import type { ContentCatalog } from '../content/content-catalog.js';
import type { ContentItemView } from '../content/content-view.js';
import type { Database } from '../db/schema.js';
import { areaTarget, resolveFeedAreas } from '../feed/resolve-feed-areas.js';
import type { ChannelSizes } from '../feed/retrieve-candidates.js';
import type { Ranked, UserRanker } from '../feed/user-ranker.js';
import type { Clock } from '../lib/clock.js';
import { utcDay } from '../lib/time.js';
import { addUsageRow } from '../metering/usage-repo.js';
import type { AlgorithmConfig } from '../scenarios/algorithm-config.js';
import { findAlgorithm, findScenario } from '../scenarios/scenario-repo.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { TrackingTokens } from '../tracking/tracking-token.js';
import { enqueueWebhook } from '../webhooks/webhook-outbox.js';
import { MILLICREDITS_PER_USER, type PushJob } from './push-job.js';
import { finishRun, renewLease, type RunHandle } from './push-job-repo.js';
import { targetBatches } from './push-targets.js';
import { forgetPushed, loadPushUserStates, recordPushed, type PushUserState } from './push-user-states.js';

/** Users ranked between two reads of the database; also the file's write granularity. */
const BATCH_SIZE = 500;
/** A push line needs 1–3 items: smaller channels than a feed snapshot's keep a user's ranking cheap. */
export const PUSH_CHANNELS: ChannelSizes = { vectors: 40, perArea: 40, perFollowedSource: 10, fresh: 60, popular: 20 };

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
  onFinished(job: PushJob, status: 'completed' | 'failed'): void;
}

/** How a run ended: finished the job, lost it to another worker, or gave it back because this worker is stopping. */
export type RunOutcome = 'completed' | 'failed' | 'lost' | 'released';

interface Progress {
  processed: number;
  skipped: number;
}

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
  constructor(private readonly deps: PushRunnerDeps) {}

  async run(job: PushJob, owner: string, stopping: AbortSignal): Promise<RunOutcome> {
    const { db, clock, leaseMs } = this.deps;
    const run: RunHandle = { jobId: job.id, owner, attempt: job.attempts };
    const algorithm = await this.pushAlgorithm(job);
    if (!algorithm) return this.fail(job, run, { processed: 0, skipped: 0 }, 'scenario_unavailable', `scenario ${job.scenario} is no longer a push scenario with an algorithm`);

    await forgetPushed(db, job.id); // what an earlier, crashed attempt recorded
    const progress: Progress = { processed: 0, skipped: 0 };
    const lost = new AbortController();
    const heartbeat = setInterval(() => {
      renewLease(db, run, clock.now(), leaseMs, progress)
        .then((held) => held || lost.abort())
        .catch((err: unknown) => this.deps.log.error({ err, jobId: job.id }, 'push job heartbeat failed'));
    }, Math.max(100, Math.floor(leaseMs / 3)));
    heartbeat.unref();

    const key = `push/${job.id}/${job.attempts}.jsonl`;
    const signal = AbortSignal.any([lost.signal, stopping]);
    try {
      await this.deps.objects.put(key, Readable.from(this.lines(job, algorithm, progress, signal), { objectMode: false }), 'application/x-ndjson');
    } catch (error) {
      if (lost.signal.aborted) return 'lost';
      if (stopping.aborted) return 'released';
      this.deps.log.error({ err: error, jobId: job.id }, 'push job failed');
      return this.fail(job, run, progress, 'internal_error', 'the job could not be completed; create it again, or contact support with the job_id');
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
    this.deps.onFinished(job, 'completed');
    return 'completed';
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
    this.deps.onFinished(job, 'failed');
    return 'failed';
  }

  private async pushAlgorithm(job: PushJob): Promise<AlgorithmConfig | null> {
    const scenario = await findScenario(this.deps.db, job.tenantId, job.scenario);
    if (!scenario || scenario.type !== 'push') return null;
    return (await findAlgorithm(this.deps.db, job.tenantId, scenario.algorithmId))?.config ?? null;
  }

  private async *lines(job: PushJob, config: AlgorithmConfig, progress: Progress, signal: AbortSignal): AsyncGenerator<Buffer> {
    const { db, clock } = this.deps;
    for await (const batch of targetBatches(db, job, BATCH_SIZE)) {
      if (signal.aborted) throw new RunStopped();
      const now = clock.now();
      const states = await loadPushUserStates(db, job.tenantId, batch.userIds, job.id, now);
      const picks: { userId: string; state: PushUserState; ranked: Ranked[] }[] = [];
      for (const userId of batch.userIds) {
        const state = states.get(userId);
        if (!state) continue; // deleted since the batch was listed: no line, no charge
        picks.push({ userId, state, ranked: await this.rankUser(job, config, userId, state, now) });
      }
      const views = await this.deps.contents.items([...new Set(picks.flatMap((p) => p.ranked.map((r) => r.id)))]);
      const issuedAt = Math.floor(now / 1000);
      const lines: string[] = [];
      const offered: { tenant_id: string; user_id: string; content_id: string; job_id: string; pushed_at: number }[] = [];
      for (const { userId, state, ranked } of picks) {
        const candidates: (ContentItemView & { score: number; tracking_token: string })[] = [];
        for (const r of ranked) {
          const view = views.get(r.id);
          if (!view || state.blocked.has(view.source.id)) continue; // deleted, or its source blocked meanwhile
          const token = this.deps.tokens.issue({ tenantId: job.tenantId, contentId: r.id, scenario: job.scenario, channel: 'push', userId, requestId: job.id, position: candidates.length, issuedAt });
          candidates.push({ ...view, score: r.score, tracking_token: token });
          offered.push({ tenant_id: job.tenantId, user_id: userId, content_id: r.id, job_id: job.id, pushed_at: now });
        }
        lines.push(JSON.stringify({ user_id: userId, candidates }));
      }
      if (signal.aborted) throw new RunStopped();
      await recordPushed(db, offered);
      progress.processed += picks.length;
      progress.skipped += batch.skipped + (batch.userIds.length - picks.length);
      if (lines.length > 0) yield Buffer.from(`${lines.join('\n')}\n`);
    }
  }

  /** The user's best `candidates_per_user` items, best first (the file is ordered by score; SPEC). */
  private async rankUser(job: PushJob, config: AlgorithmConfig, userId: string, state: PushUserState, now: number): Promise<Ranked[]> {
    const areas = resolveFeedAreas(this.deps.areas, {}, state.properties).map((a) => areaTarget(this.deps.areas, a));
    const ranked = await this.deps.ranker.rank({
      tenantId: job.tenantId,
      config,
      user: state,
      areas,
      now,
      seedKey: userId,
      limit: job.candidatesPerUser,
      pageSize: job.candidatesPerUser,
      exclude: state.pushed,
      channels: PUSH_CHANNELS,
    });
    return ranked.sort((a, b) => b.score - a.score);
  }
}
