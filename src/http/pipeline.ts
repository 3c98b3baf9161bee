import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { andThen, hookOf, type MaybePromise } from './maybe-async.js';
import { errors } from './problem.js';
import type { RouteMeter } from './route-config.js';

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

type Step = (request: FastifyRequest, reply: FastifyReply) => MaybePromise<void>;

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * The request pipeline of docs/architecture.md, in order:
 * onRequest — browser Origin (403), API key (401), per-tenant rate limit (429);
 * on admin routes the operator token or a console session (401), its CSRF token
 * (403), a member session's own rate limit (429) and what its role may call
 * (403); JSON body (json-body-parser.ts) and request target
 * (request-target-hygiene.ts) checks (400); schema validation (400); preHandler —
 * credit reservation (402); handler; onSend — charge or refund,
 * `X-Credits-Used`, `X-Request-Id`.
 *
 * Each route gets the steps its `config` asks for when it is registered, so a
 * request runs only those and never reads its route's options (a getter that
 * builds an object on every call). Steps answer synchronously when everything is
 * in memory (maybe-async.ts).
 */
export function installPipeline(app: FastifyInstance, deps: PipelineDeps): void {
  // What the steps put on a request (route-config.ts), declared so that every
  // request object has the same shape from its construction.
  for (const field of ['principal', 'reservation', 'consoleUser', 'consoleSession']) app.decorateRequest(field, undefined);

  app.addHook('onRoute', (route) => {
    const config = route.config;
    // A route under /v1 or /admin that forgot to say who may call it would be
    // public: refuse to start instead.
    if (/^\/(v1|admin)\//.test(route.url) && !config?.auth) {
      throw new Error(`route ${String(route.method)} ${route.url} must declare config.auth`);
    }
    // Before the route's own hooks: nothing of a route runs before its caller is
    // admitted and its credits reserved. (Hooks a plugin adds with addHook still
    // run first, as for any route-level hook: none of ours does.)
    const admit = admission(config?.auth, deps);
    if (admit) route.onRequest = [hookOf(admit), ...asArray(route.onRequest)];
    const meter = config?.meter;
    if (meter && meter.millicredits > 0) {
      route.preHandler = [hookOf(reserveCredits(meter, deps)), ...asArray(route.preHandler)];
    }
  });

  // 404 and 405 have no route and so no admission; a /v1 request with a valid key
  // still counts against its tenant's rate and carries X-RateLimit-* (SPEC: on all
  // responses), or gets the 429 beyond it. A request without one is answered as is.
  app.addHook(
    'onRequest',
    hookOf((request, reply) => (request.is404 ? limitUnrouted(request, reply, deps) : undefined)),
  );

  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.header('x-request-id', request.id);
    if ((request.raw.url ?? '').startsWith('/v1')) settleCredits(request, reply, deps.meter);
    done();
  });
}

function asArray<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

function admission(auth: FastifyContextConfig['auth'], deps: PipelineDeps): Step | null {
  switch (auth) {
    case 'tenant':
      return (request, reply) => admitTenant(request, reply, deps);
    case 'admin':
      return (request, reply) => admitAdmin(request, reply, deps);
    case 'console':
      return (request) => admitConsoleSession(request, deps.consoleSessions, deps.sessionCookie);
    default:
      return null;
  }
}

function reserveCredits(meter: RouteMeter, deps: PipelineDeps): Step {
  return (request) => {
    const principal = request.principal;
    if (!principal) return;
    return andThen(deps.meter.reserve(principal.tenant, meter.endpoint, meter.millicredits), (reservation) => {
      if (!reservation) {
        throw errors.usageLimitExceeded(
          `The usage cap of ${principal.tenant.usageCapMillicredits! / 1000} credits for this billing cycle is reached; ` +
            'this request would cost ' +
            `${meter.millicredits / 1000} credits. Free endpoints keep working; raise or remove the cap to continue.`,
        );
      }
      request.reservation = reservation;
    });
  };
}

/** A 2xx is charged its reservation, anything else refunded; free requests are counted. */
function settleCredits(request: FastifyRequest, reply: FastifyReply, meter: Meter): void {
  const success = reply.statusCode >= 200 && reply.statusCode < 300;
  const reservation = request.reservation;
  const charged = reservation && success ? reservation.millicredits : 0;
  if (reservation) {
    request.reservation = undefined;
    meter.settle(reservation, charged);
  } else if (request.principal && reply.statusCode !== 429) {
    meter.countFree(request.principal.tenant.id, request.routeOptions.config.meter?.endpoint ?? 'other');
  }
  reply.header('x-credits-used', String(charged / 1000));
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (header === undefined) {
    throw errors.unauthorized('The Authorization header is missing; send Authorization: Bearer <API key>.');
  }
  const match = BEARER.exec(header);
  if (!match) throw errors.unauthorized('The Authorization header must have the form: Bearer <API key>.');
  return match[1]!;
}

function admitTenant(request: FastifyRequest, reply: FastifyReply, deps: PipelineDeps): MaybePromise<void> {
  if (request.headers.origin !== undefined) throw errors.browserOrigin();
  return andThen(deps.keys.authenticate(bearerToken(request)), (principal) => {
    if (!principal) throw errors.unauthorized('The API key is malformed, unknown or revoked.');
    request.principal = principal;
    return enforceRateLimit(reply, deps.limiter, principal.tenant.id, principal.tenant, 'requests');
  });
}

function limitUnrouted(request: FastifyRequest, reply: FastifyReply, deps: PipelineDeps): MaybePromise<void> {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (token === undefined || !(request.raw.url ?? '').startsWith('/v1/')) return;
  return andThen(deps.keys.authenticate(token), (principal) => {
    if (!principal) return;
    request.principal = principal;
    return enforceRateLimit(reply, deps.limiter, principal.tenant.id, principal.tenant, 'requests');
  });
}

/**
 * X-Credits-Used (0) and X-RateLimit-* for a request refused before a route ran:
 * by Node's HTTP parser (a 431, a raw non-ASCII target: error-handling.ts's
 * clientErrorHandler) or by the router (bad percent-encoding, the 414). When its
 * target is under /v1 and its Authorization header (as far as it was read) holds
 * a valid key, it counts against the tenant's rate like any request and says so.
 */
export async function rateLimitHeadersOfRefused(
  deps: Pick<PipelineDeps, 'keys' | 'limiter'>,
  target: string | null,
  authorization: string | undefined,
): Promise<Record<string, number>> {
  if (!target?.startsWith('/v1/')) return {};
  // Every /v1 answer reports its charge (the document requires it): a refused request costs nothing.
  const free = { 'X-Credits-Used': 0 };
  const token = BEARER.exec(authorization ?? '')?.[1];
  if (token === undefined) return free;
  const principal = await deps.keys.authenticate(token);
  if (!principal) return free;
  const decision = await deps.limiter.hit(principal.tenant.id, rateLimitOf(principal.tenant.plan, principal.tenant.customRateLimit));
  return {
    ...free,
    'X-RateLimit-Limit': decision.limit,
    'X-RateLimit-Remaining': decision.remaining,
    'X-RateLimit-Reset': decision.resetAt,
  };
}

/**
 * The tenant plan's rate (rateLimitOf) under `key`, with the X-RateLimit-*
 * headers; 429 with Retry-After beyond it.
 */
function enforceRateLimit(reply: FastifyReply, limiter: RateLimiter, key: string, tenant: Tenant, what: string): MaybePromise<void> {
  const limit = rateLimitOf(tenant.plan, tenant.customRateLimit);
  return andThen(limiter.hit(key, limit), (decision) => {
    reply.header('x-ratelimit-limit', decision.limit);
    reply.header('x-ratelimit-remaining', decision.remaining);
    reply.header('x-ratelimit-reset', decision.resetAt);
    if (!decision.allowed) {
      throw errors.tooManyRequests(
        `The ${tenant.plan} plan allows ${limit} ${what} per second; retry after ${decision.retryAfter} s.`,
        decision.retryAfter,
      );
    }
  });
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
