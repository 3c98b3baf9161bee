import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { seededRandom } from '../lib/seeded-random.js';
import type { Experiment } from './experiment.js';
import { findExperiment } from './experiment-repo.js';
import { readResults } from './experiment-results.js';
import { thompsonShares } from './thompson-shares.js';

/** A bandit's shares are set again at most this often: each time reads the experiment's results. */
export const REALLOCATE_EVERY_MS = 10 * 60_000;

/**
 * A running bandit experiment whose shares are older than REALLOCATE_EVERY_MS gets
 * new ones from its results (thompson-shares.ts); any other comes back as it is.
 * Called where a process reads the running experiment (the scenario cache, a push
 * job), so no scheduler is needed. The write is conditional on the time of the
 * last one, so of two nodes that find it due at once, one sets the shares and the
 * other reads them. Only users not yet assigned follow new shares.
 */
export async function reallocateIfDue(db: Kysely<Database>, experiment: Experiment, now: number): Promise<Experiment> {
  if (experiment.allocation !== 'thompson' || experiment.status !== 'running') return experiment;
  const since = experiment.reallocatedAt ?? experiment.startedAt ?? experiment.createdAt;
  if (now - since < REALLOCATE_EVERY_MS) return experiment;
  const results = await readResults(db, experiment);
  const counts = results.variants.map((v) => ({ name: v.name, users: v.users, clickingUsers: v.clickingUsers }));
  // Seeded by the experiment and what it has seen: every node would compute the same shares.
  const seed = createHash('sha256')
    .update(`${experiment.id}\0${JSON.stringify(counts)}`)
    .digest()
    .readUInt32BE(0);
  const shares = thompsonShares(counts, seededRandom(seed));
  const variants = experiment.variants.map((v) => ({ ...v, share: shares.get(v.name)! }));
  const update = db
    .updateTable('experiments')
    .set({ variants: JSON.stringify(variants), reallocated_at: now, updated_at: now })
    .where('tenant_id', '=', experiment.tenantId)
    .where('id', '=', experiment.id)
    .where('status', '=', 'running');
  const written = await (
    experiment.reallocatedAt === null
      ? update.where('reallocated_at', 'is', null)
      : update.where('reallocated_at', '=', experiment.reallocatedAt)
  ).executeTakeFirst();
  if (Number(written.numUpdatedRows) === 1) return { ...experiment, variants, reallocatedAt: now, updatedAt: now };
  return (await findExperiment(db, experiment.tenantId, experiment.id)) ?? experiment;
}
