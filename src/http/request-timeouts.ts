import type { ServerOptions } from 'node:http';

/**
 * Fastify's server options that bound how long a client may take to send a
 * request. Fastify turns Node's request timeout off (0), so a POST that sent one
 * byte and stopped stayed open past 150 s, and a client trickling a byte every
 * 10 s held its connection forever (issue 17). Node checks open requests every
 * `connectionsCheckingInterval` (30 s by default, which would let a 30 s limit
 * run to a minute) and answers through the client-error handler: a 408 problem
 * (error-handling.ts). A request wholly received is not timed: handlers may take
 * longer.
 */
export function requestTimeouts(requestTimeoutMs: number): { requestTimeout: number; http: ServerOptions } {
  return {
    requestTimeout: requestTimeoutMs,
    http: {
      // Headers come first and are small: never given longer than the whole request.
      headersTimeout: Math.min(requestTimeoutMs, 60_000),
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(requestTimeoutMs / 4))),
    },
  };
}
