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
 * Why an algorithm ranks with the weights it does in a scenario: `fitted` is
 * the one case where the fitted weights rank; the others rank as configured.
 */
export type WeightsReason = 'fitted' | 'learned_weights_off' | 'not_fitted' | 'experiment_running';

/**
 * An algorithm of the tenant as it ranks in `scenario`: `ranking` has the
 * weights fitted to its clicks there when it asks for them (learned_weights),
 * else it is `configured`. A variant of the scenario's running experiment
 * ranks as configured: a variant that learned from its readers would become
 * like the better one and the experiment would call no winner (bench/RESULTS.md,
 * "Issue 16 — weights fitted per variant"). Its fit goes on, so a promoted
 * variant starts learned. Null when the tenant has no such algorithm.
 */
export async function algorithmInScenario(
  db: Kysely<Database>,
  tenantId: string,
  scenario: string,
  algorithmId: string,
): Promise<{ configured: Algorithm; ranking: Algorithm; reason: WeightsReason } | null> {
  const configured = await findAlgorithm(db, tenantId, algorithmId);
  if (!configured) return null;
  if (!configured.config.learned_weights) return { configured, ranking: configured, reason: 'learned_weights_off' };
  const running = await runningExperiment(db, tenantId, scenario);
  if (running?.variants.some((v) => v.algorithmId === algorithmId))
    return { configured, ranking: configured, reason: 'experiment_running' };
  const ranking = await effectiveAlgorithm(db, scenario, configured);
  return { configured, ranking, reason: ranking === configured ? 'not_fitted' : 'fitted' };
}

/**
 * What a scenario ranks with as of `now`: its algorithm, and while an
 * experiment runs on it each variant's, with its configured weights
 * (algorithmInScenario). A bandit's shares are set again here when due
 * (experiment-bandit.ts). The feed reads it through ScenarioCache, push jobs
 * when they start. Null when there is no such scenario.
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
    const found = await findAlgorithm(db, tenantId, v.algorithmId);
    // Deleting an algorithm of a running experiment is refused; should one be gone anyway, the scenario serves alone.
    if (!found) return null;
    // As configured, whatever it learned: algorithmInScenario says why.
    algorithms.set(v.name, found);
  }
  return { experiment, algorithms };
}
