import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { sortableId } from '../lib/sortable-id.js';
import { insertAuditEntry, type AuditEntry } from './audit-repo.js';

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Body fields never recorded: a console user's password, anything named like a secret. */
const SECRET_FIELD = /password|secret|token|api_key/i;
/** A body longer than this (an area import) is recorded as its field names only. */
const MAX_CHANGES_CHARS = 2000;
/** A longer text (an article's body) is recorded as its beginning: the log says what changed, not the content. */
const MAX_TEXT_CHARS = 200;

/**
 * The audit trail (docs/operations.md): every admin change that succeeded
 * (POST, PUT, PATCH, DELETE under /admin/ answered 2xx) is written to audit_log
 * and logged as an `admin change` line, with who made it: the operator token,
 * or the console user of the session. Written before the response is sent, so a
 * client that has its answer finds the entry; one insert per change, which are
 * made by people, not traffic.
 */
export function installAuditTrail(app: FastifyInstance, deps: { db: Kysely<Database>; clock: Clock; log: FastifyBaseLogger }): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isAdminChange(request, reply)) return payload;
    const entry = auditEntry(request, reply, deps.clock.now());
    deps.log.info(
      {
        reqId: entry.requestId,
        actor: entry.actor,
        actorRole: entry.actorRole,
        tenantId: entry.tenantId,
        method: entry.method,
        route: entry.route,
        target: entry.target,
        status: entry.status,
      },
      'admin change',
    );
    try {
      await insertAuditEntry(deps.db, entry);
    } catch (err) {
      // The change is made: the client is told so, and the log line above keeps the record.
      deps.log.error({ err, reqId: entry.requestId }, 'audit entry not written');
    }
    return payload;
  });
}

function isAdminChange(request: FastifyRequest, reply: FastifyReply): boolean {
  const route = request.routeOptions.url;
  return (
    route !== undefined && route.startsWith('/admin/') && CHANGING.has(request.method) && reply.statusCode >= 200 && reply.statusCode < 300
  );
}

function auditEntry(request: FastifyRequest, reply: FastifyReply, now: number): AuditEntry {
  const user = request.consoleUser;
  const path = (request.raw.url ?? '').split('?')[0]!;
  const location = reply.getHeader('location');
  const target = typeof location === 'string' && location.startsWith('/admin/') ? location : path;
  return {
    // Sorted as made: the log lists by time, then id.
    id: sortableId('aud', now),
    at: now,
    actor: user ? user.email : 'operator token',
    actorRole: user?.role ?? 'operator',
    tenantId: tenantOf(request, target),
    method: request.method,
    route: request.routeOptions.url!,
    target,
    status: reply.statusCode,
    changes: changesOf(request.body),
    requestId: request.id,
  };
}

/** The tenant a change is about: in the path, or (a tenant's creation) where it now lives, or a member's in the body. */
function tenantOf(request: FastifyRequest, target: string): string | null {
  const params = request.params as Record<string, unknown> | undefined;
  if (typeof params?.tenant_id === 'string') return params.tenant_id;
  const created = /^\/admin\/v1\/tenants\/([^/]+)/.exec(target);
  if (created) return decodeURIComponent(created[1]!);
  const body = request.body as Record<string, unknown> | undefined;
  return typeof body?.tenant_id === 'string' ? body.tenant_id : null;
}

function changesOf(body: unknown): unknown {
  if (body === undefined || body === null) return null;
  if (typeof body !== 'object' || Array.isArray(body)) return null;
  const kept = Object.fromEntries(
    Object.entries(body)
      .filter(([field]) => !SECRET_FIELD.test(field))
      .map(([field, value]) => [field, shortened(value)]),
  );
  return JSON.stringify(kept).length <= MAX_CHANGES_CHARS ? kept : { fields: Object.keys(kept) };
}

function shortened(value: unknown): unknown {
  return typeof value === 'string' && value.length > MAX_TEXT_CHARS ? `${value.slice(0, MAX_TEXT_CHARS)}…` : value;
}
