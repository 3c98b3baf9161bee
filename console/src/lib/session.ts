import { ApiError, request, setCsrfToken, setUnauthorizedHandler } from '../api/client.js';
import type { ConsoleUser, SessionInfo } from '../api/api-types.js';
import { BASE, navigate } from './router.js';
import { createStore } from './store.js';

export type SessionState = { status: 'loading' } | { status: 'anonymous'; error?: ApiError } | { status: 'signed-in'; user: ConsoleUser };

export const sessionStore = createStore<SessionState>({ status: 'loading' });

export function signedIn(info: SessionInfo): void {
  setCsrfToken(info.csrf_token);
  sessionStore.set({ status: 'signed-in', user: info.user });
}

/** The login page, remembering where the user was so login can return there. */
export function loginPath(next?: string): string {
  return next && next !== `${BASE}/login` ? `${BASE}/login?next=${encodeURIComponent(next)}` : `${BASE}/login`;
}

function signedOut(error?: ApiError): void {
  setCsrfToken(null);
  sessionStore.set(error ? { status: 'anonymous', error } : { status: 'anonymous' });
}

export async function loadSession(): Promise<void> {
  try {
    signedIn(await request<SessionInfo>('GET', '/console/api/session', undefined, { quiet401: true }));
  } catch (error) {
    const apiError = error instanceof ApiError ? error : new ApiError(0, 'Error', String(error));
    signedOut(apiError.status === 401 ? undefined : apiError);
  }
}

export async function login(email: string, password: string): Promise<ConsoleUser> {
  const info = await request<SessionInfo>('POST', '/console/api/login', { email, password }, { quiet401: true });
  signedIn(info);
  return info.user;
}

export async function logout(): Promise<void> {
  try {
    await request('POST', '/console/api/logout', {}, { quiet401: true });
  } finally {
    signedOut();
    navigate(loginPath(), { replace: true });
  }
}

// Any 401 means the session is gone: back to the login page, then back here.
setUnauthorizedHandler(() => {
  if (sessionStore.get().status === 'anonymous') return;
  signedOut();
  navigate(loginPath(window.location.pathname + window.location.search), { replace: true });
});

/** Where a user starts: a member's own tenant, an operator's tenant list. */
export function homePath(user: ConsoleUser): string {
  return user.role === 'member' && user.tenant_id ? `${BASE}/t/${encodeURIComponent(user.tenant_id)}/overview` : `${BASE}/tenants`;
}
