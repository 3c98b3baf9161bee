import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Experiment } from '../experiments/experiment.js';
import { reallocateIfDue } from '../experiments/experiment-bandit.js';
import { runningExperiment } from '../experiments/experiment-repo.js';
import { effectiveAlgorithm } from '../learning/fitted-weights.js';
import type { AlgorithmConfig } from '../scenarios/algorithm-config.js';
import { findAlgorithm, findScenario } from '../scenarios/scenario-repo.js';
import type { PushJob } from './push-job.js';

/** What a job ranks with: the scenario's algorithm, or, while an experiment runs on it, each variant's (by name). */
export interface PushPlan {
  config: AlgorithmConfig;
  experiment: { experiment: Experiment; configs: Map<string, AlgorithmConfig> } | null;
}

/** The job's plan as of now; null when its scenario is gone or no longer a push scenario with an algorithm. */
export async function pushPlan(db: Kysely<Database>, job: PushJob, now: number): Promise<PushPlan | null> {
  const scenario = await findScenario(db, job.tenantId, job.scenario);
  if (!scenario || scenario.type !== 'push') return null;
  const algorithm = await findAlgorithm(db, job.tenantId, scenario.algorithmId);
  if (!algorithm) return null;
  const config = (await effectiveAlgorithm(db, scenario.name, algorithm)).config;
  const running = await runningExperiment(db, job.tenantId, scenario.name);
  const experiment = running && (await reallocateIfDue(db, running, now));
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
