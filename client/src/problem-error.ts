import type { FieldProblem, Problem } from './types.js';

/**
 * A request the API refused (or a response it could not give): the status, the
 * problem details (RFC 9457) when the body had them, and the request id to quote
 * to support.
 */
export class ProblemError extends Error {
  override readonly name = 'ProblemError';
  readonly status: number;
  readonly problem: Problem | null;
  readonly requestId: string | null;
  /** Seconds the server asked to wait (`Retry-After`), when it did. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, problem: Problem | null, requestId: string | null, retryAfterSeconds: number | null = null) {
    const summary = problem ? `${problem.title}: ${problem.detail}` : `HTTP ${status}`;
    super(`${status} ${summary}${requestId ? ` (request ${requestId})` : ''}`);
    this.status = status;
    this.problem = problem;
    this.requestId = requestId;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** The fields the server named as wrong (400), each with where it was and why. */
  get errors(): FieldProblem[] {
    return this.problem?.errors ?? [];
  }
}
