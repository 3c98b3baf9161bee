import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { ExperimentArms } from '../experiments/experiment-arms.js';
import { scenarioAlgorithms, type ScenarioWithAlgorithm } from './scenario-algorithms.js';
import type { Algorithm } from './scenario-repo.js';

/** What serves one request: the algorithm, and the experiment variant it stands for, if any. */
export interface ServingArm {
  algorithm: Algorithm;
  experiment: { id: string; variant: string } | null;
}

/**
 * Safety net only: changes are dropped from the cache when they are made (on
 * this node at once, on others through the change bus); an entry is re-read
 * after this long even if a notification was lost.
 */
export const SCENARIO_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/**
 * Scenarios and their algorithms, per node, so a feed request reads no
 * database row for them (issue 15: the fleet paid 2× per request for these
 * reads). Unknown scenarios are cached too (a client retrying a typo).
 */
export class ScenarioCache {
  private readonly entries = new Map<string, { value: Promise<ScenarioWithAlgorithm | null>; readAt: number; tenantId: string }>();
  /** Who is in which variant of the running experiments (dropped with the tenant's entries). */
  readonly arms: ExperimentArms;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {
    this.arms = new ExperimentArms(db, clock);
  }

  get(tenantId: string, name: string): Promise<ScenarioWithAlgorithm | null> {
    const key = `${tenantId}\0${name}`;
    const now = this.clock.now();
    const cached = this.entries.get(key);
    if (cached && now - cached.readAt < SCENARIO_CACHE_TTL_MS) return cached.value;
    const value = scenarioAlgorithms(this.db, tenantId, name, now);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, readAt: now, tenantId });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  /** Drops a tenant's entries (its scenarios or algorithms changed). */
  invalidate(tenantId: string): void {
    for (const [key, entry] of this.entries) if (entry.tenantId === tenantId) this.entries.delete(key);
    this.arms.forgetTenant(tenantId);
  }

  clear(): void {
    this.entries.clear();
    this.arms.clear();
  }

  /** The algorithm serving this user (or anonymous unit): the scenario's, or their variant's in its running experiment. */
  async arm(found: ScenarioWithAlgorithm, userId: string | null, anonymousUnit: string): Promise<ServingArm> {
    if (!found.experiment) return { algorithm: found.algorithm, experiment: null };
    const { experiment, algorithms } = found.experiment;
    const variant = await this.arms.assign(experiment, userId, anonymousUnit);
    return { algorithm: algorithms.get(variant.name)!, experiment: { id: experiment.id, variant: variant.name } };
  }
}
