import type { Kysely } from 'kysely';
import type { Database, ExperimentsTable } from '../db/schema.js';
import type { Allocation, Experiment, ExperimentStatus, Variant } from './experiment.js';

type Db = Kysely<Database>;

type ExperimentRow = Omit<ExperimentsTable, 'allocation'> & { allocation: string };

function toExperiment(row: ExperimentRow): Experiment {
  return {
    tenantId: row.tenant_id,
    id: row.id,
    scenario: row.scenario,
    name: row.name,
    status: row.status as ExperimentStatus,
    variants: JSON.parse(row.variants) as Variant[],
    control: row.control,
    minUsersPerVariant: Number(row.min_users_per_variant),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    startedAt: row.started_at === null ? null : Number(row.started_at),
    stoppedAt: row.stopped_at === null ? null : Number(row.stopped_at),
    promotedVariant: row.promoted_variant,
    allocation: row.allocation as Allocation,
    reallocatedAt: row.reallocated_at === null ? null : Number(row.reallocated_at),
  };
}

function toRow(e: Experiment): ExperimentRow {
  return {
    tenant_id: e.tenantId,
    id: e.id,
    scenario: e.scenario,
    name: e.name,
    status: e.status,
    variants: JSON.stringify(e.variants),
    control: e.control,
    min_users_per_variant: e.minUsersPerVariant,
    created_at: e.createdAt,
    updated_at: e.updatedAt,
    started_at: e.startedAt,
    stopped_at: e.stoppedAt,
    promoted_variant: e.promotedVariant,
    allocation: e.allocation,
    reallocated_at: e.reallocatedAt,
  };
}

export async function insertExperiment(db: Db, experiment: Experiment): Promise<void> {
  await db.insertInto('experiments').values(toRow(experiment)).execute();
}

/** Writes every field but the keys. */
export async function saveExperiment(db: Db, experiment: Experiment): Promise<void> {
  const { tenant_id, id, ...rest } = toRow(experiment);
  await db.updateTable('experiments').set(rest).where('tenant_id', '=', tenant_id).where('id', '=', id).execute();
}

export async function findExperiment(db: Db, tenantId: string, id: string): Promise<Experiment | null> {
  const row = await db.selectFrom('experiments').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return row ? toExperiment(row) : null;
}

export async function listExperiments(db: Db, tenantId: string): Promise<Experiment[]> {
  const rows = await db
    .selectFrom('experiments')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toExperiment);
}

/** The scenario's running experiment (at most one: the routes see to it). */
export async function runningExperiment(db: Db, tenantId: string, scenario: string): Promise<Experiment | null> {
  const row = await db
    .selectFrom('experiments')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('scenario', '=', scenario)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return row ? toExperiment(row) : null;
}

/** Running experiments with a variant on the algorithm: it may not be deleted under them (a draft's start checks its algorithms). */
export async function runningExperimentsUsingAlgorithm(db: Db, tenantId: string, algorithmId: string): Promise<Experiment[]> {
  const rows = await db.selectFrom('experiments').selectAll().where('tenant_id', '=', tenantId).where('status', '=', 'running').execute();
  return rows.map(toExperiment).filter((e) => e.variants.some((v) => v.algorithmId === algorithmId));
}

/** Stored assignments of these users (user id → variant). */
export async function findAssignments(db: Db, tenantId: string, experimentId: string, userIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await db
      .selectFrom('experiment_assignments')
      .select(['user_id', 'variant'])
      .where('tenant_id', '=', tenantId)
      .where('experiment_id', '=', experimentId)
      .where('user_id', 'in', userIds.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.user_id, r.variant);
  }
  return out;
}

/** Stores first assignments; a user assigned meanwhile (another node) keeps theirs. Returns the users whose row this wrote. */
export async function insertAssignments(
  db: Db,
  tenantId: string,
  experimentId: string,
  assigned: Map<string, string>,
  now: number,
): Promise<Set<string>> {
  const rows = [...assigned].map(([userId, variant]) => ({
    tenant_id: tenantId,
    experiment_id: experimentId,
    user_id: userId,
    variant,
    assigned_at: now,
  }));
  const written = new Set<string>();
  for (let i = 0; i < rows.length; i += 200) {
    const inserted = await db
      .insertInto('experiment_assignments')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['tenant_id', 'experiment_id', 'user_id']).doNothing())
      .returning('user_id')
      .execute();
    for (const r of inserted) written.add(r.user_id);
  }
  return written;
}

/** Forgets every assignment: users are assigned again by the current shares. */
export async function deleteAssignments(db: Db, tenantId: string, experimentId: string): Promise<number> {
  const result = await db
    .deleteFrom('experiment_assignments')
    .where('tenant_id', '=', tenantId)
    .where('experiment_id', '=', experimentId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
