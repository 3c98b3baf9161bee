import type { FastifyInstance } from 'fastify';
import { errors, type FieldError } from './problem.js';
import { textProblem } from './text-hygiene.js';

/** No request body of the API nests deeper; 5,000 levels overflowed the event writer's stack. */
export const MAX_BODY_DEPTH = 64;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The one JSON parser of the API. It refuses, with a 400 naming the field, what
 * JSON.parse would otherwise turn silently into something else: bytes that are
 * not UTF-8 (they became U+FFFD), numbers beyond a double (`1e400` became
 * Infinity, stored as null), and text no backend can store alike (NUL, lone
 * surrogates: text-hygiene.ts). Checked once here, so no route can forget.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    let text: string;
    try {
      text = strictUtf8.decode(bytes);
    } catch {
      done(notUtf8(bytes), undefined);
      return;
    }
    // Fastify's default parser answers through the callback; its type also allows a promise, which it never returns.
    void parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const problem = firstProblem(value);
      done(problem ? errors.badRequest(`The request body is invalid: ${problem.name} ${problem.message}.`, [problem]) : null, value);
    });
  });
}

/** Names the first text holding a replacement character once the bytes are read leniently. */
function notUtf8(bytes: Buffer) {
  let name = 'body';
  try {
    name = firstProblem(JSON.parse(bytes.toString('utf8')), (text) => (text.includes('\ufffd') ? 'x' : null))?.name ?? 'body';
  } catch {
    // Not JSON either: the whole body is named.
  }
  const message = 'is not valid UTF-8';
  return errors.badRequest(`The request body is invalid: ${name} ${message}.`, [{ location: 'body', name, message }]);
}

/** Walks the value without recursion (a 1 MiB body can nest 500,000 levels). */
function firstProblem(root: unknown, checkText: (text: string) => string | null = textProblem): FieldError | null {
  const stack: Array<[unknown, string, number]> = [[root, '', 0]];
  const at = (name: string, message: string): FieldError => ({ location: 'body', name: name || 'body', message });
  while (stack.length > 0) {
    const [value, name, depth] = stack.pop()!;
    if (typeof value === 'string') {
      const problem = checkText(value);
      if (problem) return at(name, problem);
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return at(name, 'is a number beyond the range of a double (±1.8e308)');
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_BODY_DEPTH) return at(name, `nests deeper than ${MAX_BODY_DEPTH} levels`);
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${name}[${i}]`, depth + 1]);
      } else {
        const children: Array<[unknown, string, number]> = [];
        for (const [key, child] of Object.entries(value)) {
          const childName = name ? `${name}.${key}` : key;
          const keyProblem = checkText(key);
          if (keyProblem) return at(childName, `has a name that ${keyProblem}`);
          children.push([child, childName, depth + 1]);
        }
        for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
      }
    }
  }
  return null;
}
