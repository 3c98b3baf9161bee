import { effectiveAlgorithm } from '../learning/fitted-weights.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { findAlgorithm, findScenario, type Algorithm, type Scenario } from './scenario-repo.js';

/** A scenario with the algorithm it ranks with (null: no such scenario). */
export interface ScenarioWithAlgorithm {
  scenario: Scenario;
  algorithm: Algorithm;
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

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

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
  }

  clear(): void {
    this.entries.clear();
  }

  private async read(tenantId: string, name: string): Promise<ScenarioWithAlgorithm | null> {
    const scenario = await findScenario(this.db, tenantId, name);
    if (!scenario) return null;
    const algorithm = await findAlgorithm(this.db, tenantId, scenario.algorithmId);
    // A scenario always names an existing algorithm (deleting a linked one is refused).
    return algorithm ? { scenario, algorithm: await effectiveAlgorithm(this.db, name, algorithm) } : null;
  }
}
