import { STATUS_CODES } from 'node:http';

/** One entry of a validation problem's `errors` list. */
export interface FieldError {
  location: 'query' | 'body' | 'path' | 'header';
  name: string;
  message: string;
}

/**
 * The one error type handlers throw. Its text is written for the client; the
 * internal cause, if any, goes to the log only (see `error-handling.ts`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly extra: {
      title?: string;
      errors?: FieldError[];
      headers?: Record<string, string>;
      members?: Record<string, unknown>;
    } = {},
  ) {
    super(detail);
    this.name = 'ApiError';
  }

  get title(): string {
    return this.extra.title ?? STATUS_CODES[this.status] ?? 'Error';
  }
}

/** The catalogue: every error the API can answer, named once. */
export const errors = {
  badRequest: (detail: string, errors?: FieldError[]) => new ApiError(400, detail, { errors }),
  invalidField: (location: FieldError['location'], name: string, message: string) =>
    new ApiError(400, `${name}: ${message}`, { errors: [{ location, name, message }] }),
  nonAsciiTarget: () =>
    new ApiError(
      400,
      'The request target contains raw non-ASCII bytes; percent-encode non-ASCII characters in the path and query (RFC 3986).',
    ),
  unauthorized: (detail: string) => new ApiError(401, detail, { headers: { 'www-authenticate': 'Bearer realm="content-feed"' } }),
  usageLimitExceeded: (detail: string) => new ApiError(402, detail, { title: 'Usage Limit Exceeded' }),
  browserOrigin: () =>
    new ApiError(
      403,
      'Requests with a browser Origin header are refused: call the API from your backend, never from a browser or ' +
        'app, so the API key stays secret.',
    ),
  forbidden: (detail: string) => new ApiError(403, detail),
  notFound: (detail: string) => new ApiError(404, detail),
  methodNotAllowed: (method: string, allowed: string[]) =>
    new ApiError(405, `${method} is not allowed on this resource; allowed: ${allowed.join(', ')}.`, {
      headers: { allow: allowed.join(', ') },
    }),
  conflict: (detail: string) => new ApiError(409, detail),
  unprocessable: (detail: string) => new ApiError(422, detail),
  payloadTooLarge: (limitBytes: number) => new ApiError(413, `The request body is larger than the limit of ${limitBytes} bytes.`),
  unsupportedMediaType: () => new ApiError(415, 'The request body must be JSON, sent with Content-Type: application/json.'),
  tooManyRequests: (detail: string, retryAfterSeconds: number) =>
    new ApiError(429, detail, { title: 'Too Many Requests', headers: { 'retry-after': String(retryAfterSeconds) } }),
  internal: () => new ApiError(500, 'An internal error occurred. It has been logged; retry later or contact support with the request_id.'),
  unavailable: (detail: string) => new ApiError(503, detail),
} as const;

export interface ProblemBody {
  type: 'about:blank';
  title: string;
  status: number;
  detail: string;
  instance: string;
  request_id: string;
  errors?: FieldError[];
  [member: string]: unknown;
}

export function problemBody(error: ApiError, instance: string, requestId: string): ProblemBody {
  return {
    ...error.extra.members,
    type: 'about:blank',
    title: error.title,
    status: error.status,
    detail: error.detail,
    instance,
    request_id: requestId,
    ...(error.extra.errors ? { errors: error.extra.errors } : {}),
  };
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';
