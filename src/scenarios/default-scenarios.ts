import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { DEFAULT_ALGORITHM } from './algorithm-config.js';
import { upsertAlgorithm, upsertScenario } from './scenario-repo.js';

/** The names a new tenant starts with (docs/admin-api.md): its first `GET /v1/feed?scenario=feed` works. */
export const DEFAULT_ALGORITHM_ID = 'default';
export const DEFAULT_SCENARIOS = [
  { name: 'feed', type: 'feed' },
  { name: 'push', type: 'push' },
] as const;

/** Gives a new tenant the default algorithm and a feed and a push scenario using it, in the caller's transaction. */
export async function createDefaultScenarios(db: Kysely<Database>, tenantId: string, now: number): Promise<void> {
  await upsertAlgorithm(db, { tenantId, id: DEFAULT_ALGORITHM_ID, config: DEFAULT_ALGORITHM, createdAt: now, updatedAt: now });
  for (const { name, type } of DEFAULT_SCENARIOS) {
    await upsertScenario(db, { tenantId, name, type, algorithmId: DEFAULT_ALGORITHM_ID, createdAt: now, updatedAt: now });
  }
}
