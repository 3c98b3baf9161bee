import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { ApiError, errors, PROBLEM_CONTENT_TYPE } from './problem.js';
import { requestPath, sendProblem } from './render-problem.js';
import { newRequestId } from './request-id.js';
import { toFieldErrors } from './validation-errors.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * One place turns every failure into problem details: thrown ApiErrors, schema
 * validation, Fastify's own 4xx (body too large, wrong media type, bad JSON),
 * unknown routes (404) and known paths with the wrong method (405). Anything
 * else is a 500 whose cause is logged and never sent.
 */
export function installErrorHandling(app: FastifyInstance): void {
  const knownPaths = FindMyWay();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!knownPaths.hasRoute(method as HTTPMethod, route.url)) knownPaths.on(method as HTTPMethod, route.url, () => {});
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return sendProblem(request, reply, error);
    if (error.validation) {
      const fieldErrors = toFieldErrors(error.validation, error.validationContext ?? 'body');
      const summary = fieldErrors.map((e) => `${e.name} ${e.message}`).join('; ');
      return sendProblem(request, reply, errors.badRequest(`The request is invalid: ${summary}.`, fieldErrors));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendProblem(request, reply, errors.payloadTooLarge(BODY_LIMIT_BYTES));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendProblem(request, reply, errors.unsupportedMediaType());
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendProblem(request, reply, errors.badRequest('The request body is empty; send a JSON document.'));
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return sendProblem(request, reply, errors.badRequest('The request body is not valid JSON.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && error.code?.startsWith('FST_')) {
      return sendProblem(request, reply, new ApiError(status, error.message));
    }
    if (error instanceof SyntaxError && status === 400) {
      return sendProblem(request, reply, errors.badRequest('The request body is not valid JSON.'));
    }
    if (isStorageUnavailable(error)) {
      request.log.error({ err: error }, 'storage unavailable');
      return sendProblem(request, reply, errors.unavailable('Storage is temporarily unavailable; retry with backoff.'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(request, reply, errors.internal());
  });

  app.setNotFoundHandler((request, reply) => {
    const path = (request.raw.url ?? '/').split('?')[0]!;
    const allowed = (['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as HTTPMethod[]).filter(
      (method) => method !== request.method && knownPaths.find(method, path) !== null,
    );
    if (allowed.length > 0) return sendProblem(request, reply, errors.methodNotAllowed(request.method, allowed));
    return sendProblem(request, reply, errors.notFound(`There is no resource at ${request.method} ${path}.`));
  });
}

/**
 * The router's own refusals, which Fastify would answer as plain JSON without
 * X-Request-Id: a path that is not valid percent-encoding (`%`, `%c0%af`,
 * `%ed%a0%80`) and a path parameter past `maxParamLength`. Problem details like
 * every other error, with `headersOf`'s headers (X-RateLimit-* of a /v1 key).
 */
export function frameworkErrorHandler(headersOf: RefusedRequestHeaders = async () => ({})) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const problem =
      error.code === 'FST_ERR_BAD_URL'
        ? errors.badRequest(`The request path is invalid: ${BAD_PATH_ENCODING}.`, [
            { location: 'path', name: 'path', message: BAD_PATH_ENCODING },
          ])
        : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new ApiError(414, `A path segment is longer than ${MAX_PATH_PARAM_LENGTH} characters; no identifier of this API is that long.`)
          : errors.internal();
    if (problem.status === 500) request.log.error({ err: error }, 'router error');
    reply.header('x-request-id', request.id);
    // A throw while sending (the reply already sent) would otherwise be an unhandled rejection, which ends the process.
    void headersOf(requestPath(request), request.headers.authorization)
      .catch(() => ({}))
      .then((headers) => {
        for (const [name, value] of Object.entries(headers)) reply.header(name, value);
        sendProblem(request, reply, problem);
      })
      .catch((err: unknown) => request.log.error({ err }, 'sending a router error failed'));
  };
}

const BAD_PATH_ENCODING = 'is not valid percent-encoding: send %XX escapes of UTF-8 bytes (RFC 3986)';
/** user_id may be 128 characters, percent-encoded UTF-8 up to 9 bytes each: the router allows this much, the schema decides. */
export const MAX_PATH_PARAM_LENGTH = 2048;

/** Connection-level failures of PostgreSQL or SQLite: the request may succeed later. */
const STORAGE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08006',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_CANTOPEN',
]);

function isStorageUnavailable(error: { code?: string; message?: string }): boolean {
  if (error.code && STORAGE_DOWN_CODES.has(error.code)) return true;
  return /connection (is not open|terminated)|driver has already been destroyed|Connection terminated/i.test(error.message ?? '');
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [
    408,
    'Request Timeout',
    'The request, headers and body, was not received in time; send it whole, without pauses.',
  ],
};

/** The response Node created for a request whose headers were parsed. */
interface InProgress {
  headersSent?: boolean;
  req?: { url?: string; headers: { authorization?: string } };
}

/** Headers for a request refused by Node's parser, from what of it was read (pipeline.ts: X-RateLimit-*). */
export type RefusedRequestHeaders = (target: string | null, authorization: string | undefined) => Promise<Record<string, string | number>>;

/**
 * Node's HTTP parser refuses some requests before any route runs, e.g. raw
 * non-ASCII bytes in the request target; answer those as problem details too
 * instead of Node's bare `400` with no body, with `headersOf`'s headers.
 */
export function clientErrorHandler(headersOf: RefusedRequestHeaders = async () => ({})) {
  return (error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void => {
    // A response already under way on this keep-alive socket cannot be followed
    // by ours: close the connection instead (as Fastify's default handler does).
    const inProgress = (socket as Socket & { _httpMessage?: InProgress })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inProgress?.headersSent) {
      socket.destroy();
      return;
    }
    // A request timed out after its headers (its body never came) was parsed: read it from there.
    const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
    const target = inProgress?.req?.url ?? requestTarget(packet);
    const authorization = inProgress?.req ? inProgress.req.headers.authorization : headerOf(packet, 'authorization');
    // As above: a throw while answering must not become an unhandled rejection.
    void headersOf(target, authorization)
      .catch(() => ({}))
      .then((headers) => {
        if (socket.writable) socket.end(problemResponse(error.code, target, headers));
        else socket.destroy();
      })
      .catch(() => socket.destroy());
  };
}

function problemResponse(code: string | undefined, target: string | null, headers: Record<string, string | number>): string {
  const [status, title, fallbackDetail] = CLIENT_ERRORS[code ?? ''] ?? [400, 'Bad Request', 'The request could not be parsed as HTTP.'];
  const detail =
    // eslint-disable-next-line no-control-regex -- finding control characters is what this expression is for
    status === 400 && target !== null && /[^\x00-\x7f]/.test(target) ? errors.nonAsciiTarget().detail : fallbackDetail;
  const requestId = newRequestId();
  const body = JSON.stringify({
    type: 'about:blank',
    title,
    status,
    detail,
    instance: target === null ? '/' : encodeURI(target.split('?')[0]!),
    request_id: requestId,
  });
  const extra = Object.entries({ 'X-Request-Id': requestId, ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (
    `HTTP/1.1 ${status} ${title}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n${extra}` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/** The target of the request line, as text (its non-ASCII bytes decoded as UTF-8). */
function requestTarget(packet: string): string | null {
  const firstLine = packet.split('\r\n', 1)[0] ?? '';
  const parts = firstLine.split(' ');
  return parts.length >= 2 ? Buffer.from(parts[1]!, 'latin1').toString('utf8') : null;
}

/** A header of the part of the request that was read, if it is there whole. */
function headerOf(packet: string, name: string): string | undefined {
  const end = packet.indexOf('\r\n\r\n');
  const lines = (end === -1 ? packet : packet.slice(0, end)).split('\r\n').slice(1);
  // The last line may be cut off unless the header block ended.
  if (end === -1) lines.pop();
  const line = lines.find((l) => l.slice(0, name.length + 1).toLowerCase() === `${name}:`);
  return line?.slice(name.length + 1).trim();
}
