import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, PROBLEM_CONTENT_TYPE, problemBody } from './problem.js';

/** The path part of the request target: what problem details call `instance`. */
export function requestPath(request: FastifyRequest): string {
  const url = request.raw.url ?? '/';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.extra.headers ?? {})) reply.header(name, value);
  return reply
    .code(error.status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(problemBody(error, requestPath(request), request.id));
}
