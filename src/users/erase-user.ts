import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { erasePushRows } from '../push/push-erasure.js';
import { deleteUserRows } from './user-repo.js';

/**
 * Deletes a user and everything held about them, in one transaction: the raw
 * events, profile, follows and blocks, read marks, learned signals, sessions,
 * activity, experiment assignment and push rows (the files: push-erasure.ts,
 * after this transaction). Returns false when there was no profile; what events
 * recorded about the id (clicks of an unregistered id) is erased all the same.
 *
 * Above user-repo.ts and push/ alike: push-erasure.ts reads users through
 * user-repo.ts, so the repository itself cannot call push without an import cycle.
 */
export async function deleteUserEverywhere(db: Kysely<Database>, tenantId: string, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Events first: on PostgreSQL this waits for a processor holding the user's
    // events (FOR UPDATE) to commit, so what it wrote is visible and deleted below.
    await trx.deleteFrom('events').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
    const existed = await deleteUserRows(trx, tenantId, userId);
    await trx.deleteFrom('read_marks').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
    await trx.deleteFrom('user_content_signals').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
    await trx.deleteFrom('sessions').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
    await trx.deleteFrom('daily_actives').where('tenant_id', '=', tenantId).where('actor', '=', `u:${userId}`).execute();
    await trx.deleteFrom('daily_channel_actives').where('tenant_id', '=', tenantId).where('actor', '=', `u:${userId}`).execute();
    // Which experiment variant they were in (docs/experiments.md): a user created again is assigned anew.
    await trx.deleteFrom('experiment_assignments').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
    await erasePushRows(trx, tenantId, userId);
    return existed;
  });
}
