/**
 * The console's only way to the server: same-origin requests with the session
 * cookie, the CSRF token on every state-changing request (docs/console.md),
 * problem+json answers turned into ApiError.
 */

export interface FieldProblem {
  location?: string;
  name: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly fieldProblems: FieldProblem[] = [],
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(detail || title);
    this.name = 'ApiError';
  }

  /** The server's message for a field (`weights.follow`, or `languages` for `languages[0]`). */
  fieldMessage(name: string): string | undefined {
    return this.fieldProblems.find((p) => p.name === name || p.name.startsWith(`${name}[`) || p.name.startsWith(`${name}.`))?.message;
  }
}

let csrfToken: string | null = null;
let onUnauthorized: () => void = () => {};
let onForbiddenRead: (error: ApiError) => void = () => {};

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Called when a request answers 401: the session ended (expired, logged out elsewhere). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** Called when reading answers 403: the page is not this user's to see (another tenant's, an operator's). */
export function setForbiddenReadHandler(handler: (error: ApiError) => void): void {
  onForbiddenRead = handler;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

async function problemOf(response: Response): Promise<ApiError> {
  const retryAfter = response.headers.get('retry-after');
  const retryAfterSeconds = retryAfter === null ? null : Number(retryAfter);
  try {
    const body = (await response.json()) as { title?: string; detail?: string; errors?: FieldProblem[] };
    return new ApiError(response.status, body.title ?? response.statusText, body.detail ?? '', body.errors ?? [], retryAfterSeconds);
  } catch {
    return new ApiError(response.status, response.statusText || `HTTP ${response.status}`, '', [], retryAfterSeconds);
  }
}

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: { quiet401?: boolean; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (!SAFE_METHODS.has(method) && csrfToken) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, 'Network error', 'The server could not be reached. Check the connection and retry.');
  }
  if (!response.ok) {
    const error = await problemOf(response);
    if (response.status === 401 && !options.quiet401) onUnauthorized();
    if (response.status === 403 && SAFE_METHODS.has(method)) onForbiddenRead(error);
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    request<T>('POST', path, body ?? {}, headers ? { headers } : {}),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  delete: <T = void>(path: string) => request<T>('DELETE', path),
};

/** `/admin/v1/tenants/{id}/…` with every segment encoded. */
export function tenantApi(tenantId: string, ...segments: string[]): string {
  return ['/admin/v1/tenants', tenantId, ...segments].map((s, i) => (i === 0 ? s : encodeURIComponent(s))).join('/');
}

export function query(params: Record<string, string | number | undefined | null>): string {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '') as [string, string | number][];
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}`;
}
