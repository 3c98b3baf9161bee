import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { listExperiments } from '../experiments/experiment-repo.js';
import { listScenarios } from '../scenarios/scenario-repo.js';

/** The algorithm that ranked a served item, from what its event kept of the tracking token; null when none is known any more. */
export type ServedBy = (scenario: string, experimentId: string | null, variant: string | null) => string | null;

/**
 * Which algorithm ranked each served item of a tenant: in an experiment, its
 * variant's (tokens carry the experiment and variant; a variant's algorithm is
 * fixed once the experiment is created), else the scenario's. Outside
 * experiments the token does not name the algorithm, so items served before a
 * scenario changed algorithm count as its current one's: the components they
 * carry are what the fit needs, whichever weights ordered the page.
 */
export async function servingAlgorithms(db: Kysely<Database>, tenantId: string): Promise<ServedBy> {
  const byScenario = new Map((await listScenarios(db, tenantId)).map((s) => [s.name, s.algorithmId]));
  const byVariant = new Map<string, string>();
  for (const experiment of await listExperiments(db, tenantId)) {
    for (const v of experiment.variants) byVariant.set(`${experiment.id}\0${v.name}`, v.algorithmId);
  }
  return (scenario, experimentId, variant) =>
    experimentId !== null && variant !== null ? (byVariant.get(`${experimentId}\0${variant}`) ?? null) : (byScenario.get(scenario) ?? null);
}
