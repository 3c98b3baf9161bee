import { effectiveAlgorithm } from '../learning/fitted-weights.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { Experiment } from '../experiments/experiment.js';
import { ExperimentArms } from '../experiments/experiment-arms.js';
import { reallocateIfDue } from '../experiments/experiment-bandit.js';
import { runningExperiment } from '../experiments/experiment-repo.js';
import { findAlgorithm, findScenario, type Algorithm, type Scenario } from './scenario-repo.js';

/** A scenario with the algorithm it ranks with (null: no such scenario). */
export interface ScenarioWithAlgorithm {
  scenario: Scenario;
  algorithm: Algorithm;
  /** Its running experiment, with each variant's algorithm (by variant name); null when none runs. */
  experiment: { experiment: Experiment; algorithms: Map<string, Algorithm> } | null;
}

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
    const value = this.read(tenantId, name);
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

  private async read(tenantId: string, name: string): Promise<ScenarioWithAlgorithm | null> {
    const scenario = await findScenario(this.db, tenantId, name);
    if (!scenario) return null;
    const algorithm = await findAlgorithm(this.db, tenantId, scenario.algorithmId);
    // A scenario always names an existing algorithm (deleting a linked one is refused).
    if (!algorithm) return null;
    return { scenario, algorithm: await effectiveAlgorithm(this.db, name, algorithm), experiment: await this.readExperiment(tenantId, name) };
  }

  private async readExperiment(tenantId: string, scenario: string): Promise<ScenarioWithAlgorithm['experiment']> {
    const running = await runningExperiment(this.db, tenantId, scenario);
    if (!running) return null;
    // A bandit's shares are set again here when due (experiment-bandit.ts).
    const experiment = await reallocateIfDue(this.db, running, this.clock.now());
    if (experiment.status !== 'running') return null;
    const algorithms = new Map<string, Algorithm>();
    for (const v of experiment.variants) {
      const algorithm = await findAlgorithm(this.db, tenantId, v.algorithmId);
      // Deleting an algorithm of a running experiment is refused; should one be gone anyway, the scenario serves alone.
      if (!algorithm) return null;
      algorithms.set(v.name, await effectiveAlgorithm(this.db, scenario, algorithm));
    }
    return { experiment, algorithms };
  }
}
