import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { errors } from '../http/problem.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { billingCycleAt } from '../metering/billing-cycle.js';
import type { Meter } from '../metering/meter.js';
import { usageBetween } from '../metering/usage-repo.js';
import { findScenario } from '../scenarios/scenario-repo.js';
import type { Tenant } from '../tenants/tenant-repo.js';
import { MILLICREDITS_PER_USER, type PushJob, type TargetMode } from './push-job.js';
import { countActiveJobs, findByIdempotencyKey, findJob, heldMillicredits, insertJob, lockTenant } from './push-job-repo.js';
import { countTargets } from './push-targets.js';

/** SPEC Limits: concurrent push jobs per tenant. */
export const MAX_ACTIVE_JOBS = 5;
/** What a client told "too many jobs" should wait: a job of 100,000 users takes about a minute (bench/RESULTS.md), smaller ones seconds. */
const ACTIVE_JOBS_RETRY_AFTER_SECONDS = 10;

export interface CreatePushJob {
  scenario: string;
  candidates_per_user: number;
  target_mode: TargetMode;
  user_ids?: string[];
}

export interface PushJobServiceDeps {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  clock: Clock;
  meter: Meter;
  /** A job was queued: a worker in this process may start it at once. */
  wakeWorker(): void;
}

/**
 * POST /v1/push-candidates (DESIGN §5): validates against the tenant's
 * scenarios, answers a retried create (same Idempotency-Key and body) with
 * the job it made, holds 0.5 credit per target user against the usage cap,
 * and queues the job, at most five active per tenant.
 */
export class PushJobService {
  constructor(private readonly deps: PushJobServiceDeps) {}

  async create(tenant: Tenant, body: CreatePushJob, idempotencyKey: string | undefined): Promise<{ job: PushJob; replayed: boolean }> {
    const { db, dbKind, clock, meter } = this.deps;
    const request = normalise(body);
    const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
    if (idempotencyKey !== undefined) {
      const replay = await this.replay(tenant.id, idempotencyKey, requestHash);
      if (replay) return { job: replay, replayed: true };
    }

    const scenario = await findScenario(db, tenant.id, request.scenario);
    if (!scenario) throw errors.invalidField('body', 'scenario', `no scenario ${request.scenario}; scenarios are defined in the console`);
    if (scenario.type !== 'push')
      throw errors.invalidField('body', 'scenario', `${request.scenario} is a ${scenario.type} scenario; push jobs need a push scenario`);

    const createdAt = clock.now();
    const usersTotal = request.user_ids?.length ?? (await countTargets(db, tenant.id, request.target_mode as 'all' | 'active', createdAt));
    const reserved = usersTotal * MILLICREDITS_PER_USER;
    const reservation = await meter.reserve(tenant, 'push-candidates', reserved);
    if (!reservation) throw capExceeded(reserved, usersTotal);

    const id = newId('job');
    let outcome: { job: PushJob; replayed: boolean };
    try {
      outcome = await db.transaction().execute(async (trx) => {
        await lockTenant(trx, dbKind, tenant.id);
        // A concurrent create with the same key may have committed while we validated.
        if (idempotencyKey !== undefined) {
          const replay = await this.replay(tenant.id, idempotencyKey, requestHash, trx);
          if (replay) return { job: replay, replayed: true };
        }
        // Other nodes' holds and charges since this node last read them (the reservation above saw this node's).
        if (tenant.usageCapMillicredits !== null) {
          const cycle = billingCycleAt(createdAt, tenant.billingAnchorDay);
          const held = await heldMillicredits(trx, tenant.id);
          const used = await usageBetween(trx, tenant.id, cycle.startDay, cycle.endDay);
          if (used + held + reserved > tenant.usageCapMillicredits) throw capExceeded(reserved, usersTotal);
        }
        if ((await countActiveJobs(trx, tenant.id)) >= MAX_ACTIVE_JOBS) {
          throw errors.tooManyRequests(
            `At most ${MAX_ACTIVE_JOBS} push jobs may be pending or processing at once; wait for one to finish.`,
            ACTIVE_JOBS_RETRY_AFTER_SECONDS,
          );
        }
        await insertJob(trx, {
          id,
          tenant_id: tenant.id,
          scenario: request.scenario,
          target_mode: request.target_mode,
          candidates_per_user: request.candidates_per_user,
          user_ids: request.user_ids ? JSON.stringify(request.user_ids) : null,
          idempotency_key: idempotencyKey ?? null,
          request_hash: requestHash,
          status: 'pending',
          created_at: createdAt,
          users_total: usersTotal,
          reserved_millicredits: reserved,
        });
        return { job: (await findJob(trx, tenant.id, id))!, replayed: false };
      });
    } catch (error) {
      meter.release(reservation);
      throw error;
    }
    if (outcome.replayed) {
      meter.release(reservation);
      return outcome;
    }
    meter.keepAsHold(reservation);
    this.deps.wakeWorker();
    return outcome;
  }

  async get(tenantId: string, jobId: string): Promise<PushJob> {
    const job = await findJob(this.deps.db, tenantId, jobId);
    if (!job) throw errors.notFound(`No push job ${jobId}. Jobs are kept for a limited time after they finish (docs/push.md).`);
    return job;
  }

  /** The job an earlier create with this key made; 422 when that create had a different body. */
  private async replay(tenantId: string, key: string, requestHash: string, db: Kysely<Database> = this.deps.db): Promise<PushJob | null> {
    const earlier = await findByIdempotencyKey(db, tenantId, key);
    if (!earlier) return null;
    if (earlier.requestHash !== requestHash) {
      throw errors.unprocessable(
        `Idempotency-Key ${key} was already used with a different request body (job ${earlier.id}); use a new key for a new job.`,
      );
    }
    return earlier;
  }
}

function capExceeded(reserved: number, users: number) {
  return errors.usageLimitExceeded(
    `This job would reserve ${reserved / 1000} credits (0.5 per target user × ${users}), more than the usage cap ` +
      `leaves this cycle. Free endpoints keep working; raise or remove the cap, or target fewer users.`,
  );
}

/** Defaults applied and manual ids de-duplicated, in a fixed key order: the form whose hash identifies a retried create. */
function normalise(body: CreatePushJob): CreatePushJob {
  if (body.target_mode === 'manual' && body.user_ids === undefined) {
    throw errors.invalidField('body', 'user_ids', 'is required when target_mode is manual (1 to 10,000 user ids)');
  }
  if (body.target_mode !== 'manual' && body.user_ids !== undefined) {
    throw errors.invalidField(
      'body',
      'user_ids',
      `is only used with target_mode manual; target_mode ${body.target_mode} selects the users itself`,
    );
  }
  return {
    scenario: body.scenario,
    candidates_per_user: body.candidates_per_user,
    target_mode: body.target_mode,
    ...(body.user_ids ? { user_ids: [...new Set(body.user_ids)] } : {}),
  };
}
