import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<any>): Promise<void> {
  // People who log in to the console (docs/console.md). A member belongs to one
  // tenant and goes with it (cascade); an operator belongs to none.
  await db.schema
    .createTable('console_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Lower-cased before it is stored, so uniqueness is case-insensitive on both databases.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.references('tenants.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_login_at', 'bigint')
    .addCheckConstraint(
      'console_users_role_tenant',
      sql`(role = 'operator' and tenant_id is null) or (role = 'member' and tenant_id is not null)`,
    )
    .execute();
  await db.schema.createIndex('console_users_tenant').on('console_users').column('tenant_id').execute();

  // Only the SHA-256 of a session token is kept: a copy of the database opens no session.
  await db.schema
    .createTable('console_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('console_users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('console_sessions_user').on('console_sessions').column('user_id').execute();
  await db.schema.createIndex('console_sessions_expiry').on('console_sessions').column('expires_at').execute();

  // Login attempts in flight or failed, per hashed email and per hashed client
  // address: in the database so every API node counts the same attempts.
  await db.schema
    .createTable('console_login_attempts')
    .addColumn('attempt_id', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('console_login_attempts_subject').on('console_login_attempts').columns(['subject', 'attempted_at']).execute();
  await db.schema.createIndex('console_login_attempts_age').on('console_login_attempts').column('attempted_at').execute();
  await db.schema.createIndex('console_login_attempts_attempt').on('console_login_attempts').column('attempt_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('console_login_attempts').execute();
  await db.schema.dropTable('console_sessions').execute();
  await db.schema.dropTable('console_users').execute();
}
