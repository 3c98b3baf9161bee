import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Experiment } from '../experiments/experiment.js';
import type { AlgorithmConfig } from '../scenarios/algorithm-config.js';
import { scenarioAlgorithms } from '../scenarios/scenario-algorithms.js';
import type { PushJob } from './push-job.js';

/** What a job ranks with: the scenario's algorithm, or, while an experiment runs on it, each variant's (by name). */
export interface PushPlan {
  config: AlgorithmConfig;
  experiment: { experiment: Experiment; configs: Map<string, AlgorithmConfig> } | null;
}

/** The job's plan as of now; null when its scenario is gone or no longer a push scenario with an algorithm. */
export async function pushPlan(db: Kysely<Database>, job: PushJob, now: number): Promise<PushPlan | null> {
  const found = await scenarioAlgorithms(db, job.tenantId, job.scenario, now);
  if (!found || found.scenario.type !== 'push') return null;
  const config = found.algorithm.config;
  if (!found.experiment) return { config, experiment: null };
  const configs = new Map([...found.experiment.algorithms].map(([variant, algorithm]) => [variant, algorithm.config]));
  return { config, experiment: { experiment: found.experiment.experiment, configs } };
}
