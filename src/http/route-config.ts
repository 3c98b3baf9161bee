import type { Reservation } from '../metering/meter.js';
import type { Principal } from '../tenants/authenticate-key.js';

/**
 * What a route declares about itself in its `config`; the pipeline hooks read it.
 * - `auth`: `tenant` (API key), `admin` (operator token) or `public`.
 * - `meter`: the usage name of the endpoint and its price in millicredits (0 = free).
 */
export interface RouteMeter {
  endpoint: string;
  millicredits: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: 'tenant' | 'admin' | 'public';
    meter?: RouteMeter;
  }
  interface FastifyRequest {
    principal?: Principal;
    reservation?: Reservation;
  }
}

export {};
