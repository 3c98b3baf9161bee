import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The pipeline's steps answer at once when what they need is in memory (a cached
 * key, the in-memory limiter, a loaded cap) and with a promise otherwise. On the
 * hot path every step is in memory, and an `async` step would still cost a
 * promise and a microtask turn each: three async hooks and their awaits were
 * ≈ 7 % of GET /v1/contents' JavaScript time (`npx tsx bench/profile.ts`).
 */
export type MaybePromise<T> = T | Promise<T>;

/** `next(value)`, at once when `value` is already there, once it resolves otherwise. */
export function andThen<T, R>(value: MaybePromise<T>, next: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/**
 * A Fastify hook (callback style) running `step`: `done` is called in the same
 * turn when the step finished synchronously, and with the step's error, thrown
 * or rejected, otherwise.
 */
export function hookOf(
  step: (request: FastifyRequest, reply: FastifyReply) => MaybePromise<void>,
): (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void {
  return (request, reply, done) => {
    let pending: MaybePromise<void>;
    try {
      pending = step(request, reply);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (pending instanceof Promise) pending.then(() => done(), done);
    else done();
  };
}
