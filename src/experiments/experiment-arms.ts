import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { hashedVariant } from './assign-variant.js';
import type { Experiment, Variant } from './experiment.js';
import { findAssignments, insertAssignments } from './experiment-repo.js';
import { ServedCounts } from './served-counts.js';

/** Assignments held per node: about 100 bytes each. */
const CACHE_CAPACITY = 200_000;

/**
 * Which variant serves whom (docs/experiments.md, "Assignment"). A user_id is
 * placed by a hash of tenant, experiment and user under the shares in force
 * when it is first served, and that first answer is stored: changing the shares
 * later moves nobody already assigned, and every node and restart reads the same
 * row. An anonymous request is placed by the hash of its own unit (the request
 * id of its chain's first page) and stored nowhere.
 */
export class ExperimentArms {
  private readonly cache = new Map<string, string>();
  readonly served: ServedCounts;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {
    this.served = new ServedCounts(db, clock);
  }

  /** The variant of one user (stored on first sight), or of an anonymous unit (`userId` null). */
  async assign(experiment: Experiment, userId: string | null, anonymousUnit: string): Promise<Variant> {
    if (userId === null) return hashedVariant(experiment.tenantId, experiment.id, experiment.variants, `anon:${anonymousUnit}`);
    return (await this.assignUsers(experiment, [userId])).get(userId)!;
  }

  /** The variants of many users at once (push jobs), stored on first sight. */
  async assignUsers(experiment: Experiment, userIds: string[]): Promise<Map<string, Variant>> {
    const byName = new Map(experiment.variants.map((v) => [v.name, v]));
    const out = new Map<string, Variant>();
    const missing: string[] = [];
    for (const userId of userIds) {
      const cached = byName.get(this.cache.get(this.key(experiment, userId)) ?? '');
      if (cached) out.set(userId, cached);
      else missing.push(userId);
    }
    if (missing.length === 0) return out;
    const stored = await findAssignments(this.db, experiment.tenantId, experiment.id, missing);
    const fresh = new Map<string, string>();
    for (const userId of missing) {
      const variant = byName.get(stored.get(userId) ?? '');
      if (variant) out.set(userId, variant);
      else fresh.set(userId, hashedVariant(experiment.tenantId, experiment.id, experiment.variants, `user:${userId}`).name);
    }
    if (fresh.size > 0) {
      const written = await insertAssignments(this.db, experiment.tenantId, experiment.id, fresh, this.clock.now());
      // Another node may have stored a different variant first (its shares were older): the row wins.
      const lost = [...fresh.keys()].filter((userId) => !written.has(userId));
      const settled =
        lost.length === 0 ? new Map<string, string>() : await findAssignments(this.db, experiment.tenantId, experiment.id, lost);
      for (const userId of fresh.keys()) out.set(userId, byName.get(settled.get(userId) ?? '') ?? byName.get(fresh.get(userId)!)!);
    }
    for (const userId of missing) this.remember(experiment, userId, out.get(userId)!.name);
    return out;
  }

  /** Drops a tenant's cached assignments (its experiments changed: reassigned, stopped). */
  forgetTenant(tenantId: string): void {
    const prefix = `${tenantId}\0`;
    for (const key of this.cache.keys()) if (key.startsWith(prefix)) this.cache.delete(key);
  }

  clear(): void {
    this.cache.clear();
  }

  private key(experiment: Experiment, userId: string): string {
    return `${experiment.tenantId}\0${experiment.id}\0${userId}`;
  }

  private remember(experiment: Experiment, userId: string, variant: string): void {
    const key = this.key(experiment, userId);
    this.cache.delete(key);
    if (this.cache.size >= CACHE_CAPACITY) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, variant);
  }
}
