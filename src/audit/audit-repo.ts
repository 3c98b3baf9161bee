import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The audit_log table (migration 0009), as stored. */
export interface AuditLogTable {
  id: string;
  at: number;
  actor: string;
  actor_role: string;
  tenant_id: string | null;
  method: string;
  route: string;
  target: string;
  status: number;
  changes: string | null;
  request_id: string;
}

type AuditDatabase = Database & { audit_log: AuditLogTable };

/** One admin change that succeeded. */
export interface AuditEntry {
  id: string;
  at: number;
  /** A console user's email, or `operator token`. */
  actor: string;
  actorRole: 'operator' | 'member';
  /** The tenant the change was about; null for sources, areas, operators' console users. */
  tenantId: string | null;
  method: string;
  /** The route's pattern (`/admin/v1/tenants/:tenant_id`): what kind of change. */
  route: string;
  /** The path changed, or for a creation where the new resource lives. */
  target: string;
  status: number;
  /** The request body, secrets removed; null without one. */
  changes: unknown;
  requestId: string;
}

const audit = (db: Kysely<Database>) => db.withTables<{ audit_log: AuditLogTable }>() as unknown as Kysely<AuditDatabase>;

export async function insertAuditEntry(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await audit(db)
    .insertInto('audit_log')
    .values({
      id: entry.id,
      at: entry.at,
      actor: entry.actor,
      actor_role: entry.actorRole,
      tenant_id: entry.tenantId,
      method: entry.method,
      route: entry.route,
      target: entry.target,
      status: entry.status,
      changes: entry.changes === null ? null : JSON.stringify(entry.changes),
      request_id: entry.requestId,
    })
    .execute();
}

/** Newest first, `before` a position of an earlier page. */
export async function listAuditEntries(
  db: Kysely<Database>,
  filter: { tenantId?: string; before?: { at: number; id: string }; limit: number },
): Promise<AuditEntry[]> {
  let query = audit(db).selectFrom('audit_log').selectAll();
  if (filter.tenantId !== undefined) query = query.where('tenant_id', '=', filter.tenantId);
  const before = filter.before;
  if (before) query = query.where((eb) => eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('id', '<', before.id)])]));
  const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map((row) => ({
    id: row.id,
    at: Number(row.at),
    actor: row.actor,
    actorRole: row.actor_role as AuditEntry['actorRole'],
    tenantId: row.tenant_id,
    method: row.method,
    route: row.route,
    target: row.target,
    status: row.status,
    changes: row.changes === null ? null : (JSON.parse(row.changes) as unknown),
    requestId: row.request_id,
  }));
}
