import type { FastifyInstance } from 'fastify';
import { ApiError } from './problem.js';

/** Seconds a client is asked to wait before retrying elsewhere: a load balancer has deregistered the node by then. */
const RETRY_AFTER_SECONDS = 1;

/**
 * Draining on `app.close()` (SIGTERM): the server stops accepting connections and
 * closes the idle kept-alive ones; requests still arriving on an open connection
 * (sent before it was closed, or behind one in flight) are answered with a 503
 * problem, `Retry-After` and `Connection: close`, instead of Fastify's bare 503
 * (return503OnClosing, turned off in app.ts); and responses to the requests in
 * flight carry `Connection: close`, so no client reuses a connection that is
 * about to close (a request written to a closed socket is reset).
 */
export function installDrain(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!draining) return done();
    reply.header('connection', 'close');
    done(
      new ApiError(503, 'The server is shutting down. Retry the request: it will be served by another node or after the restart.', {
        headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
      }),
    );
  });
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (draining) reply.header('connection', 'close');
    done();
  });
}
