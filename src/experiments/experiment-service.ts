import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { errors } from '../http/problem.js';
import { sortableId } from '../lib/sortable-id.js';
import { findAlgorithm, findScenario, upsertScenario, type Scenario } from '../scenarios/scenario-repo.js';
import { DEFAULT_MIN_USERS_PER_VARIANT, sharesProblem, type Allocation, type Experiment, type Variant } from './experiment.js';
import { deleteAssignments, findExperiment, insertExperiment, runningExperiment, saveExperiment } from './experiment-repo.js';
import { readResults } from './experiment-results.js';

type Db = Kysely<Database>;

export interface NewExperiment {
  scenario: string;
  name?: string;
  variants: { name: string; algorithm_id: string; share: number }[];
  control?: string;
  min_users_per_variant?: number;
  start?: boolean;
  allocation?: Allocation;
}

/**
 * The rules of an experiment's life (docs/experiments.md): draft → running →
 * stopped, one running per scenario, shares summing to 1, every variant's
 * algorithm the tenant's own and still there. Bad input is a 400 naming the
 * field; a state that forbids the change is a 409.
 */
export async function createExperiment(db: Db, tenantId: string, input: NewExperiment, now: number): Promise<Experiment> {
  const scenario = await findScenario(db, tenantId, input.scenario);
  if (!scenario) throw errors.invalidField('body', 'scenario', `no scenario ${input.scenario}; create it first`);
  const names = new Set<string>();
  for (const [i, v] of input.variants.entries()) {
    if (names.has(v.name))
      throw errors.invalidField('body', `variants[${i}].name`, `${v.name} names two variants; each variant needs its own name`);
    names.add(v.name);
    // Algorithms are per tenant: another tenant's id is simply not found here.
    if (!(await findAlgorithm(db, tenantId, v.algorithm_id)))
      throw errors.invalidField('body', `variants[${i}].algorithm_id`, `no algorithm ${v.algorithm_id} in this tenant`);
  }
  const problem = sharesProblem(input.variants.map((v) => v.share));
  if (problem) throw errors.invalidField('body', 'variants[].share', problem);
  const control = input.control ?? input.variants[0]!.name;
  if (!names.has(control)) throw errors.invalidField('body', 'control', `${control} is not one of the variants`);
  const start = input.start ?? true;
  if (start)
    await requireNoRunning(db, tenantId, scenario.name, (other) =>
      errors.invalidField('body', 'scenario', `experiment ${other.id} already runs on ${scenario.name}; stop it first`),
    );
  const experiment: Experiment = {
    tenantId,
    id: sortableId('exp', now),
    scenario: scenario.name,
    name: input.name ?? `${scenario.name}: ${input.variants.map((v) => v.name).join(' vs ')}`,
    status: start ? 'running' : 'draft',
    variants: input.variants.map((v): Variant => ({ name: v.name, algorithmId: v.algorithm_id, share: v.share })),
    control,
    minUsersPerVariant: input.min_users_per_variant ?? DEFAULT_MIN_USERS_PER_VARIANT,
    createdAt: now,
    updatedAt: now,
    startedAt: start ? now : null,
    stoppedAt: null,
    promotedVariant: null,
    allocation: input.allocation ?? 'fixed',
    reallocatedAt: null,
  };
  await insertExperiment(db, experiment);
  return experiment;
}

export async function requireExperiment(db: Db, tenantId: string, id: string): Promise<Experiment> {
  const experiment = await findExperiment(db, tenantId, id);
  if (!experiment) throw errors.notFound(`No experiment ${id} for tenant ${tenantId}.`);
  return experiment;
}

export async function startExperiment(db: Db, experiment: Experiment, now: number): Promise<Experiment> {
  if (experiment.status !== 'draft') throw errors.conflict(`Experiment ${experiment.id} is ${experiment.status}; only a draft can start.`);
  await requireAlgorithms(db, experiment);
  await requireNoRunning(db, experiment.tenantId, experiment.scenario, (other) =>
    errors.conflict(`Experiment ${other.id} already runs on ${experiment.scenario}; stop it first.`),
  );
  const started: Experiment = { ...experiment, status: 'running', startedAt: now, updatedAt: now };
  await saveExperiment(db, started);
  return started;
}

export async function stopExperiment(db: Db, experiment: Experiment, now: number): Promise<Experiment> {
  if (experiment.status !== 'running')
    throw errors.conflict(`Experiment ${experiment.id} is ${experiment.status}; only a running experiment can stop.`);
  const stopped: Experiment = { ...experiment, status: 'stopped', stoppedAt: now, updatedAt: now };
  await saveExperiment(db, stopped);
  return stopped;
}

/**
 * New shares for users not yet assigned; the assigned keep their variant unless
 * `reassign`, which forgets every assignment so all users are placed again.
 */
export async function changeShares(
  db: Db,
  experiment: Experiment,
  shares: Record<string, number>,
  reassign: boolean,
  now: number,
): Promise<Experiment> {
  if (experiment.status === 'stopped') throw errors.conflict(`Experiment ${experiment.id} is stopped; its shares no longer apply.`);
  if (experiment.allocation === 'thompson')
    throw errors.conflict(`Experiment ${experiment.id} is a bandit: Thompson sampling sets its shares.`);
  const unknown = Object.keys(shares).filter((name) => !experiment.variants.some((v) => v.name === name));
  if (unknown.length > 0)
    throw errors.invalidField(
      'body',
      'shares',
      `no variant ${unknown.join(', ')}; the variants are ${experiment.variants.map((v) => v.name).join(', ')}`,
    );
  const missing = experiment.variants.filter((v) => shares[v.name] === undefined);
  if (missing.length > 0)
    throw errors.invalidField('body', 'shares', `give every variant a share; missing: ${missing.map((v) => v.name).join(', ')}`);
  const problem = sharesProblem(experiment.variants.map((v) => shares[v.name]!));
  if (problem) throw errors.invalidField('body', 'shares', problem);
  const changed: Experiment = {
    ...experiment,
    variants: experiment.variants.map((v) => ({ ...v, share: shares[v.name]! })),
    updatedAt: now,
  };
  await db.transaction().execute(async (trx) => {
    await saveExperiment(trx, changed);
    if (reassign) await deleteAssignments(trx, experiment.tenantId, experiment.id);
  });
  return changed;
}

/**
 * Links the variant's algorithm to the scenario and ends the experiment. Without
 * a variant named, the winner the results call; none yet is a 409.
 */
export async function promoteVariant(
  db: Db,
  experiment: Experiment,
  variantName: string | undefined,
  now: number,
): Promise<{ experiment: Experiment; scenario: Scenario }> {
  if (experiment.promotedVariant !== null)
    throw errors.conflict(`Experiment ${experiment.id} already promoted ${experiment.promotedVariant}.`);
  let name = variantName;
  if (name === undefined) {
    const results = await readResults(db, experiment);
    if (results.winner === null) {
      throw errors.conflict(
        results.sampleSizeMet
          ? `Experiment ${experiment.id} has no significant winner; name the variant to promote it anyway.`
          : `Experiment ${experiment.id} has fewer than ${experiment.minUsersPerVariant} users in a variant; no winner is called yet.`,
      );
    }
    name = results.winner;
  }
  const variant = experiment.variants.find((v) => v.name === name);
  if (!variant)
    throw errors.invalidField(
      'body',
      'variant',
      `no variant ${name}; the variants are ${experiment.variants.map((v) => v.name).join(', ')}`,
    );
  if (!(await findAlgorithm(db, experiment.tenantId, variant.algorithmId)))
    throw errors.conflict(`Algorithm ${variant.algorithmId} of variant ${variant.name} was deleted; it cannot be promoted.`);
  const current = await findScenario(db, experiment.tenantId, experiment.scenario);
  if (!current) throw errors.conflict(`Scenario ${experiment.scenario} was deleted; there is nothing to link the algorithm to.`);
  const scenario: Scenario = { ...current, algorithmId: variant.algorithmId, updatedAt: now };
  const promoted: Experiment = {
    ...experiment,
    status: 'stopped',
    stoppedAt: experiment.stoppedAt ?? now,
    promotedVariant: variant.name,
    updatedAt: now,
  };
  await db.transaction().execute(async (trx) => {
    await upsertScenario(trx, scenario);
    await saveExperiment(trx, promoted);
  });
  return { experiment: promoted, scenario };
}

async function requireAlgorithms(db: Db, experiment: Experiment): Promise<void> {
  for (const v of experiment.variants) {
    if (!(await findAlgorithm(db, experiment.tenantId, v.algorithmId))) {
      throw errors.conflict(`Algorithm ${v.algorithmId} of variant ${v.name} was deleted; create it again or start a new experiment.`);
    }
  }
}

async function requireNoRunning(db: Db, tenantId: string, scenario: string, problem: (other: Experiment) => Error): Promise<void> {
  const other = await runningExperiment(db, tenantId, scenario);
  if (other) throw problem(other);
}
