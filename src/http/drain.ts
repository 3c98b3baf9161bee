import type { FastifyInstance } from 'fastify';
import { ApiError } from './problem.js';

/** Seconds a client is asked to wait before retrying elsewhere: a load balancer has deregistered the node by then. */
const RETRY_AFTER_SECONDS = 1;
/** How often, while closing, connections that have gone idle are closed. */
const IDLE_SWEEP_MS = 50;

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
  let sweep: NodeJS.Timeout | null = null;
  app.addHook('preClose', (done) => {
    draining = true;
    // server.close() closes the connections idle at that moment. One whose response is
    // still finishing (written, its 'finish' not yet run) becomes idle a moment later and
    // is kept alive until the keep-alive timeout (72 s), which close waits for: a test's
    // afterAll hung so, 4 times in 12, right after a download. Close those as they go idle.
    sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweep.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    if (sweep) clearInterval(sweep);
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
