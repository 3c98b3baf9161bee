import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, errors, type FieldError } from './problem.js';
import { identifierProblem } from './text-hygiene.js';

// eslint-disable-next-line no-control-regex -- finding control characters is what this expression is for
const NON_ASCII = /[^\x00-\x7f]/;
const BAD_PERCENT = /%(?![0-9a-fA-F]{2})/;
const BAD_ENCODING = 'is not valid percent-encoding: send %XX escapes of UTF-8 bytes (RFC 3986)';

/**
 * Path parameters and query values are checked once, for every route, after the
 * caller is admitted (so the 400 carries the X-RateLimit-* headers) and before
 * its schema: raw non-ASCII bytes, escapes that are not UTF-8 (`%c0%af`, `%zz`,
 * read literally by the query parser though the router refuses them in a path),
 * and decoded text with NUL, lone surrogates or control characters, which
 * PostgreSQL and SQLite would otherwise answer differently (500 against 404).
 */
export function installRequestTargetHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    done(targetProblem(request) ?? undefined);
  });
}

function targetProblem(request: FastifyRequest): ApiError | null {
  const url = request.raw.url ?? '/';
  if (NON_ASCII.test(url)) return errors.nonAsciiTarget();
  const problems: FieldError[] = [];
  for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, unknown>)) {
    const problem = typeof value === 'string' ? identifierProblem(value) : null;
    if (problem) problems.push({ location: 'path', name, message: problem });
  }
  const q = url.indexOf('?');
  if (q !== -1) problems.push(...queryProblems(url.slice(q + 1)));
  if (problems.length === 0) return null;
  const summary = problems.map((p) => `${p.name} ${p.message}`).join('; ');
  return errors.badRequest(`The request target is invalid: ${summary}.`, problems);
}

function queryProblems(query: string): FieldError[] {
  const problems: FieldError[] = [];
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawName = eq === -1 ? pair : pair.slice(0, eq);
    const name = decode(rawName) ?? rawName;
    for (const part of eq === -1 ? [rawName] : [rawName, pair.slice(eq + 1)]) {
      const decoded = decode(part);
      const problem = decoded === null ? BAD_ENCODING : identifierProblem(decoded);
      if (problem) {
        problems.push({ location: 'query', name, message: problem });
        break;
      }
    }
  }
  return problems;
}

function decode(text: string): string | null {
  if (BAD_PERCENT.test(text)) return null;
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return null;
  }
}
