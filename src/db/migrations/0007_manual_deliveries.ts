import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<any>): Promise<void> {
  // 1 for a delivery asked for by hand (a webhook test or a resend), 0 for an
  // event's: a tenant may keep only a few manual ones pending (docs/webhooks.md),
  // because every tenant's deliveries share one dispatcher. Counted per tenant
  // through webhook_deliveries_tenant; no index of its own (a rare admin action).
  await db.schema
    .alterTable('webhook_deliveries')
    .addColumn('manual', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').dropColumn('manual').execute();
}
