/**
 * The one error catalogue of outbound fetches. Messages are written for an operator
 * (they end up as a source's "last error" in the admin API): they name the URL and
 * what to change, never a stack or a library's internals.
 */
export type FetchErrorCode =
  'bad_url' | 'blocked_address' | 'dns' | 'timeout' | 'too_large' | 'too_many_redirects' | 'network' | 'robots_disallowed';

export class FetchError extends Error {
  override readonly name = 'FetchError';

  constructor(
    readonly code: FetchErrorCode,
    /** The URL that failed: after redirects, the hop that was refused or broke. */
    readonly url: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isFetchError(error: unknown): error is FetchError {
  return error instanceof FetchError;
}
