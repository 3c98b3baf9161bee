import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Experiment } from '../experiments/experiment.js';
import { reallocateIfDue } from '../experiments/experiment-bandit.js';
import { runningExperiment } from '../experiments/experiment-repo.js';
import { effectiveAlgorithm } from '../learning/fitted-weights.js';
import { findAlgorithm, findScenario, type Algorithm, type Scenario } from './scenario-repo.js';

/** A scenario with the algorithm it ranks with. */
export interface ScenarioWithAlgorithm {
  scenario: Scenario;
  algorithm: Algorithm;
  /** Its running experiment, with each variant's algorithm (by variant name); null when none runs. */
  experiment: { experiment: Experiment; algorithms: Map<string, Algorithm> } | null;
}

/**
 * An algorithm of the tenant as it ranks in `scenario`: `ranking` has the
 * weights fitted to its clicks there when it asks for them (learned_weights),
 * else it is `configured`. Null when the tenant has no such algorithm.
 */
export async function algorithmInScenario(
  db: Kysely<Database>,
  tenantId: string,
  scenario: string,
  algorithmId: string,
): Promise<{ configured: Algorithm; ranking: Algorithm } | null> {
  const configured = await findAlgorithm(db, tenantId, algorithmId);
  if (!configured) return null;
  return { configured, ranking: await effectiveAlgorithm(db, scenario, configured) };
}

/**
 * What a scenario ranks with as of `now`: its algorithm, and while an
 * experiment runs on it each variant's (a bandit's shares are set again here
 * when due: experiment-bandit.ts). The feed reads it through ScenarioCache,
 * push jobs when they start. Null when there is no such scenario.
 */
export async function scenarioAlgorithms(
  db: Kysely<Database>,
  tenantId: string,
  name: string,
  now: number,
): Promise<ScenarioWithAlgorithm | null> {
  const scenario = await findScenario(db, tenantId, name);
  if (!scenario) return null;
  const own = await algorithmInScenario(db, tenantId, name, scenario.algorithmId);
  // A scenario always names an existing algorithm (deleting a linked one is refused).
  if (!own) return null;
  return { scenario, algorithm: own.ranking, experiment: await runningVariants(db, tenantId, name, now) };
}

async function runningVariants(
  db: Kysely<Database>,
  tenantId: string,
  scenario: string,
  now: number,
): Promise<ScenarioWithAlgorithm['experiment']> {
  const running = await runningExperiment(db, tenantId, scenario);
  if (!running) return null;
  const experiment = await reallocateIfDue(db, running, now);
  if (experiment.status !== 'running') return null;
  const algorithms = new Map<string, Algorithm>();
  for (const v of experiment.variants) {
    const found = await algorithmInScenario(db, tenantId, scenario, v.algorithmId);
    // Deleting an algorithm of a running experiment is refused; should one be gone anyway, the scenario serves alone.
    if (!found) return null;
    algorithms.set(v.name, found.ranking);
  }
  return { experiment, algorithms };
}
