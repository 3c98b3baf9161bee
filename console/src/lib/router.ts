import { createStore, useStore } from './store.js';

/** The console lives under /console; every page has its own URL (bookmarks and reloads work). */
export const BASE = '/console';

const location = createStore({ path: window.location.pathname, search: window.location.search });

window.addEventListener('popstate', () => {
  location.set({ path: window.location.pathname, search: window.location.search });
});

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(to, window.location.origin);
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  location.set({ path: url.pathname, search: url.search });
  if (!options.replace) window.scrollTo(0, 0);
}

export function useLocation(): { path: string; search: string } {
  return useStore(location);
}

export type TenantSection =
  | 'overview'
  | 'keys'
  | 'scenarios'
  | 'scenario'
  | 'algorithm'
  | 'push'
  | 'webhook'
  | 'usage'
  | 'users'
  | 'audit'
  | 'trends'
  | 'experiments';

export type Route =
  | { page: 'login' }
  | { page: 'home' }
  | { page: 'tenants' }
  | { page: 'sources' }
  | { page: 'audit' }
  | { page: 'articles' }
  | { page: 'consoleUsers' }
  | { page: 'pipeline' }
  | { page: 'tenantEdit'; tenantId: string }
  | { page: 'source'; sourceId: string }
  | { page: 'article'; contentId: string }
  | { page: 'tenant'; tenantId: string; section: TenantSection; param?: string }
  | { page: 'notFound' };

const SECTIONS: Record<string, TenantSection> = {
  overview: 'overview',
  'api-keys': 'keys',
  scenarios: 'scenarios',
  algorithms: 'algorithm',
  'push-jobs': 'push',
  webhook: 'webhook',
  'usage-cap': 'usage',
  users: 'users',
  'audit-log': 'audit',
  trends: 'trends',
  experiments: 'experiments',
};

/** The URL segment of each tenant section (the inverse of SECTIONS, plus the detail pages). */
const SEGMENTS: Record<TenantSection, string> = {
  overview: 'overview',
  keys: 'api-keys',
  scenarios: 'scenarios',
  scenario: 'scenarios',
  algorithm: 'algorithms',
  push: 'push-jobs',
  webhook: 'webhook',
  usage: 'usage-cap',
  users: 'users',
  audit: 'audit-log',
  trends: 'trends',
  experiments: 'experiments',
};

export function tenantPath(tenantId: string, section: TenantSection, param?: string): string {
  const base = `${BASE}/t/${encodeURIComponent(tenantId)}/${SEGMENTS[section]}`;
  return param === undefined ? base : `${base}/${encodeURIComponent(param)}`;
}

export function matchRoute(path: string): Route {
  const rest = path.startsWith(BASE) ? path.slice(BASE.length) : null;
  if (rest === null) return { page: 'notFound' };
  const parts = rest.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0) return { page: 'home' };
  if (parts.length === 1 && parts[0] === 'login') return { page: 'login' };
  if (parts.length === 1 && parts[0] === 'tenants') return { page: 'tenants' };
  if (parts.length === 1 && parts[0] === 'sources') return { page: 'sources' };
  if (parts.length === 1 && parts[0] === 'audit-log') return { page: 'audit' };
  if (parts.length === 1 && parts[0] === 'articles') return { page: 'articles' };
  if (parts.length === 1 && parts[0] === 'console-users') return { page: 'consoleUsers' };
  if (parts.length === 1 && parts[0] === 'pipeline') return { page: 'pipeline' };
  if (parts.length === 2 && parts[0] === 'tenants') return { page: 'tenantEdit', tenantId: parts[1]! };
  if (parts.length === 2 && parts[0] === 'sources') return { page: 'source', sourceId: parts[1]! };
  if (parts.length === 2 && parts[0] === 'articles') return { page: 'article', contentId: parts[1]! };
  if (parts[0] === 't' && parts[1] && parts.length <= 4) {
    const segment = parts[2] ?? 'overview';
    let section = SECTIONS[segment];
    if (!section) return { page: 'notFound' };
    const param = parts[3];
    if (section === 'scenarios' && param !== undefined) section = 'scenario';
    if (section === 'algorithm' && param === undefined) section = 'scenarios';
    if (param !== undefined && section !== 'scenario' && section !== 'algorithm' && section !== 'users' && section !== 'experiments')
      return { page: 'notFound' };
    return { page: 'tenant', tenantId: parts[1], section, ...(param === undefined ? {} : { param }) };
  }
  return { page: 'notFound' };
}
