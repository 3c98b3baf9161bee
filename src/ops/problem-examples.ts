import { BODY_LIMIT_BYTES } from '../http/error-handling.js';
import { errors, problemBody, type ApiError, type ProblemBody } from '../http/problem.js';

/** A request id as the server makes them (request-id.ts), for examples. */
const EXAMPLE_REQUEST_ID = 'req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98';

/**
 * The problem each status of `path` answers, built with the error catalogue the
 * server throws from (problem.ts), so /docs shows what a client will receive.
 */
export function problemExample(status: number, path: string): ProblemBody {
  return problemBody(
    exampleError(status, path),
    path.replace(/\{(\w+)\}/g, (_, name: string) => `example_${name}`),
    EXAMPLE_REQUEST_ID,
  );
}

function exampleError(status: number, path: string): ApiError {
  switch (status) {
    case 400:
      if (path === '/v1/events') {
        return errors.badRequest('Events at index 2 are invalid; nothing from this batch was stored.', [
          { location: 'body', name: 'events[2].tracking_token', message: 'is required for click' },
        ]);
      }
      return errors.badRequest('The request is invalid: limit must be <= 100.', [
        { location: 'query', name: 'limit', message: 'must be <= 100' },
      ]);
    case 401:
      return errors.unauthorized(
        path.startsWith('/v1') ? 'The API key is malformed, unknown or revoked.' : 'The operator token is not valid.',
      );
    case 402:
      return errors.usageLimitExceeded(
        'The usage cap of 10000 credits for this billing cycle is reached; this request would cost 1 credits. ' +
          'Free endpoints keep working; raise or remove the cap to continue.',
      );
    case 403:
      return errors.browserOrigin();
    case 404:
      return errors.notFound('No such resource (or not one of this tenant).');
    case 409:
      return errors.conflict('The resource is in a state that does not allow this request.');
    case 413:
      return errors.payloadTooLarge(BODY_LIMIT_BYTES);
    case 415:
      return errors.unsupportedMediaType();
    case 422:
      return errors.unprocessable('The push scenario does not exist or is not of type push.');
    case 429:
      return errors.tooManyRequests('The starter plan allows 50 requests per second; retry after 1 s.', 1);
    case 503:
      return errors.unavailable('Storage is temporarily unavailable; retry with backoff.');
    default:
      return errors.internal();
  }
}
