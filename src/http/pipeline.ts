import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { admitConsoleSession, authorizeConsoleUser } from '../console/admit-session.js';
import type { ConsoleSessions } from '../console/console-sessions.js';
import { sessionTokenOf, type SessionCookie } from '../console/session-cookie.js';
import type { Database } from '../db/schema.js';
import { secretsEqual } from '../lib/secret-hash.js';
import type { Meter } from '../metering/meter.js';
import type { RateLimiter } from '../ratelimit/rate-limiter.js';
import type { KeyAuthenticator } from '../tenants/authenticate-key.js';
import { rateLimitOf } from '../tenants/plans.js';
import { findTenant, type Tenant } from '../tenants/tenant-repo.js';
import { errors } from './problem.js';
import './route-config.js';

export interface PipelineDeps {
  keys: KeyAuthenticator;
  limiter: RateLimiter;
  meter: Meter;
  adminToken: string;
  consoleSessions: ConsoleSessions;
  sessionCookie: SessionCookie;
  /** Reads a console member's tenant (its plan's rate). */
  db: Kysely<Database>;
}

const NON_ASCII = /[^\x00-\x7f]/;

/**
 * The request pipeline of docs/architecture.md, in order:
 * onRequest — raw non-ASCII target (400), browser Origin (403), API key (401),
 * per-tenant rate limit (429); on admin routes the operator token or a console
 * session (401), its CSRF token (403), a member session's own rate limit (429)
 * and what its role may call (403); schema validation (400); preHandler —
 * credit reservation (402); handler; onSend — charge or refund,
 * `X-Credits-Used`, `X-Request-Id`.
 */
export function installPipeline(app: FastifyInstance, deps: PipelineDeps): void {
  // A route under /v1 or /admin that forgot to say who may call it would be
  // public: refuse to start instead.
  app.addHook('onRoute', (route) => {
    if (/^\/(v1|admin)\//.test(route.url) && !route.config?.auth) {
      throw new Error(`route ${route.method} ${route.url} must declare config.auth`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    if (NON_ASCII.test(request.raw.url ?? '')) throw errors.nonAsciiTarget();
    const auth = request.routeOptions.config.auth;
    if (auth === 'tenant') await admitTenant(request, reply, deps);
    else if (auth === 'admin') await admitAdmin(request, reply, deps);
    else if (auth === 'console') await admitConsoleSession(request, deps.consoleSessions, deps.sessionCookie);
  });

  app.addHook('preHandler', async (request) => {
    const principal = request.principal;
    const meter = request.routeOptions.config.meter;
    if (!principal || !meter || meter.millicredits === 0) return;
    const reservation = await deps.meter.reserve(principal.tenant, meter.endpoint, meter.millicredits);
    if (!reservation) {
      throw errors.usageLimitExceeded(
        `The usage cap of ${principal.tenant.usageCapMillicredits! / 1000} credits for this billing cycle is reached; ` +
          'this request would cost ' +
          `${meter.millicredits / 1000} credits. Free endpoints keep working; raise or remove the cap to continue.`,
      );
    }
    request.reservation = reservation;
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (!(request.raw.url ?? '').startsWith('/v1')) return;
    const success = reply.statusCode >= 200 && reply.statusCode < 300;
    const reservation = request.reservation;
    const charged = reservation && success ? reservation.millicredits : 0;
    if (reservation) {
      request.reservation = undefined;
      deps.meter.settle(reservation, charged);
    } else if (request.principal && reply.statusCode !== 429) {
      deps.meter.countFree(request.principal.tenant.id, request.routeOptions.config.meter?.endpoint ?? 'other');
    }
    reply.header('x-credits-used', String(charged / 1000));
  });
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (header === undefined) {
    throw errors.unauthorized('The Authorization header is missing; send Authorization: Bearer <API key>.');
  }
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match) throw errors.unauthorized('The Authorization header must have the form: Bearer <API key>.');
  return match[1]!;
}

async function admitTenant(request: FastifyRequest, reply: FastifyReply, deps: PipelineDeps): Promise<void> {
  if (request.headers.origin !== undefined) throw errors.browserOrigin();
  const principal = await deps.keys.authenticate(bearerToken(request));
  if (!principal) throw errors.unauthorized('The API key is malformed, unknown or revoked.');
  request.principal = principal;

  await enforceRateLimit(reply, deps.limiter, principal.tenant.id, principal.tenant, 'requests');
}

/**
 * The tenant plan's rate (rateLimitOf) under `key`, with the X-RateLimit-*
 * headers; 429 with Retry-After beyond it.
 */
async function enforceRateLimit(reply: FastifyReply, limiter: RateLimiter, key: string, tenant: Tenant, what: string): Promise<void> {
  const limit = rateLimitOf(tenant.plan, tenant.customRateLimit);
  const decision = await limiter.hit(key, limit);
  reply.headers({
    'x-ratelimit-limit': decision.limit,
    'x-ratelimit-remaining': decision.remaining,
    'x-ratelimit-reset': decision.resetAt,
  });
  if (!decision.allowed) {
    throw errors.tooManyRequests(
      `The ${tenant.plan} plan allows ${limit} ${what} per second; retry after ${decision.retryAfter} s.`,
      decision.retryAfter,
    );
  }
}

/**
 * The operator token, or else a console session cookie (docs/console.md). An
 * Authorization header always wins, so scripts behave the same in a browser.
 */
async function admitAdmin(request: FastifyRequest, reply: FastifyReply, deps: PipelineDeps): Promise<void> {
  if (request.headers.authorization === undefined && sessionTokenOf(request, deps.sessionCookie) !== undefined) {
    await admitConsoleSession(request, deps.consoleSessions, deps.sessionCookie);
    await limitMemberSession(request, reply, deps);
    authorizeConsoleUser(request);
    return;
  }
  admitOperator(request, deps.adminToken);
}

/**
 * A member's session is held to its tenant's plan rate, as an API key is (a
 * scenario preview costs a full ranking), under a key of its own: clicking
 * through the console never eats the tenant's /v1 budget, nor /v1 traffic the
 * console's. Counted before the role check, so refused requests count too.
 * Operators, by token or session, are not limited. One primary-key read of the
 * tenant per console request: a person clicking, not API traffic.
 */
async function limitMemberSession(request: FastifyRequest, reply: FastifyReply, deps: PipelineDeps): Promise<void> {
  const user = request.consoleUser;
  if (user?.role !== 'member' || user.tenantId === null) return;
  const tenant = await findTenant(deps.db, user.tenantId);
  // Gone since the session was checked (members go with their tenant): the route answers.
  if (!tenant) return;
  await enforceRateLimit(reply, deps.limiter, `console:${tenant.id}`, tenant, 'console requests');
}

function admitOperator(request: FastifyRequest, adminToken: string): void {
  const token = bearerToken(request);
  if (!secretsEqual(token, adminToken)) throw errors.unauthorized('The operator token is not valid.');
}
