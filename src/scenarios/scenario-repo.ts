import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { withAlgorithmDefaults, type AlgorithmConfig } from './algorithm-config.js';

export type ScenarioType = 'feed' | 'push';

export interface Algorithm {
  tenantId: string;
  id: string;
  config: AlgorithmConfig;
  createdAt: number;
  updatedAt: number;
}

export interface Scenario {
  tenantId: string;
  name: string;
  type: ScenarioType;
  algorithmId: string;
  createdAt: number;
  updatedAt: number;
}

export async function upsertAlgorithm(db: Kysely<Database>, algorithm: Algorithm): Promise<void> {
  await db
    .insertInto('algorithms')
    .values({
      tenant_id: algorithm.tenantId,
      id: algorithm.id,
      config: JSON.stringify(algorithm.config),
      created_at: algorithm.createdAt,
      updated_at: algorithm.updatedAt,
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'id']).doUpdateSet({ config: JSON.stringify(algorithm.config), updated_at: algorithm.updatedAt }),
    )
    .execute();
}

export async function findAlgorithm(db: Kysely<Database>, tenantId: string, id: string): Promise<Algorithm | null> {
  const row = await db.selectFrom('algorithms').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return row
    ? {
        tenantId: row.tenant_id,
        id: row.id,
        config: withAlgorithmDefaults(JSON.parse(row.config) as AlgorithmConfig),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      }
    : null;
}

export async function listAlgorithms(db: Kysely<Database>, tenantId: string): Promise<Algorithm[]> {
  const rows = await db.selectFrom('algorithms').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();
  return rows.map((row) => ({
    tenantId: row.tenant_id,
    id: row.id,
    config: withAlgorithmDefaults(JSON.parse(row.config) as AlgorithmConfig),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

export async function upsertScenario(db: Kysely<Database>, scenario: Scenario): Promise<void> {
  await db
    .insertInto('scenarios')
    .values({
      tenant_id: scenario.tenantId,
      name: scenario.name,
      type: scenario.type,
      algorithm_id: scenario.algorithmId,
      created_at: scenario.createdAt,
      updated_at: scenario.updatedAt,
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'name']).doUpdateSet({
        type: scenario.type,
        algorithm_id: scenario.algorithmId,
        updated_at: scenario.updatedAt,
      }),
    )
    .execute();
}

type ScenarioRow = { tenant_id: string; name: string; type: string; algorithm_id: string; created_at: number; updated_at: number };

function toScenario(row: ScenarioRow): Scenario {
  return {
    tenantId: row.tenant_id,
    name: row.name,
    type: row.type as ScenarioType,
    algorithmId: row.algorithm_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findScenario(db: Kysely<Database>, tenantId: string, name: string): Promise<Scenario | null> {
  const row = await db.selectFrom('scenarios').selectAll().where('tenant_id', '=', tenantId).where('name', '=', name).executeTakeFirst();
  return row ? toScenario(row) : null;
}

export async function listScenarios(db: Kysely<Database>, tenantId: string): Promise<Scenario[]> {
  const rows = await db.selectFrom('scenarios').selectAll().where('tenant_id', '=', tenantId).orderBy('name').execute();
  return rows.map(toScenario);
}

export async function deleteScenario(db: Kysely<Database>, tenantId: string, name: string): Promise<boolean> {
  const result = await db.deleteFrom('scenarios').where('tenant_id', '=', tenantId).where('name', '=', name).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function scenariosUsingAlgorithm(db: Kysely<Database>, tenantId: string, algorithmId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('scenarios')
    .select('name')
    .where('tenant_id', '=', tenantId)
    .where('algorithm_id', '=', algorithmId)
    .execute();
  return rows.map((r) => r.name);
}

export async function deleteAlgorithm(db: Kysely<Database>, tenantId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('algorithms').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
