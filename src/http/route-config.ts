import type { ConsoleSession } from '../console/console-sessions.js';
import type { ConsoleUser } from '../console/console-user-repo.js';
import type { Reservation } from '../metering/meter.js';
import type { Principal } from '../tenants/authenticate-key.js';

/**
 * What a route declares about itself in its `config`; the pipeline hooks read it.
 * - `auth`: `tenant` (API key), `admin` (operator token or console session),
 *   `console` (a console session only) or `public`.
 * - `meter`: the usage name of the endpoint and its price in millicredits (0 = free).
 * - `consoleAccess`: on an `admin` route, `tenant` lets a console session of a tenant
 *   member call it for its own tenant (the `tenant_id` path parameter); without it
 *   an admin route is for operators only (docs/console.md).
 * - `openapiBody`: the body the OpenAPI document shows, when the route's own
 *   schema only checks an envelope and the handler validates the rest.
 */
export interface RouteMeter {
  endpoint: string;
  millicredits: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: 'tenant' | 'admin' | 'console' | 'public';
    meter?: RouteMeter;
    consoleAccess?: 'tenant';
    /** A JSON schema (object, not TSchema: the route's type inference would recurse through it). */
    openapiBody?: object;
  }
  interface FastifyRequest {
    principal?: Principal;
    reservation?: Reservation;
    /** Who is calling through the console: set when a session cookie (not a bearer token) authenticated the request. */
    consoleUser?: ConsoleUser;
    consoleSession?: ConsoleSession;
  }
}

export {};
