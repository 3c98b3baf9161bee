import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { api } from '../api/client.js';
import type { ConsoleUser, Tenant } from '../api/api-types.js';
import { useT, type MessageKey } from '../i18n/index.js';
import { BASE, navigate, tenantPath, useLocation, type Route, type TenantSection } from '../lib/router.js';
import { forbiddenStore } from '../lib/forbidden.js';
import { logout } from '../lib/session.js';
import { useStore } from '../lib/store.js';
import { useResource } from '../lib/use-resource.js';
import { chosenTenant, rememberTenant } from '../pages/tenant-choice.js';
import { Announcement } from './announcement.js';
import { Page } from './page.js';
import { Problem } from './problem.js';
import { LanguageSwitch } from './language-switch.js';
import { Link } from './link.js';

const TENANT_NAV: { section: TenantSection; label: MessageKey; also?: TenantSection[] }[] = [
  { section: 'overview', label: 'nav.overview' },
  { section: 'trends', label: 'nav.trends' },
  { section: 'keys', label: 'nav.keys' },
  { section: 'scenarios', label: 'nav.scenarios', also: ['scenario', 'algorithm'] },
  { section: 'experiments', label: 'nav.experiments' },
  { section: 'push', label: 'nav.push' },
  { section: 'webhook', label: 'nav.webhook' },
  { section: 'usage', label: 'nav.usage' },
  { section: 'users', label: 'nav.users' },
  { section: 'audit', label: 'nav.audit' },
];

function TenantPicker({ current }: { current: string | null }) {
  const t = useT();
  const tenants = useResource(() => api.get<{ tenants: Tenant[] }>('/admin/v1/tenants'), []);
  const known = !current || !tenants.data || tenants.data.tenants.some((tenant) => tenant.id === current);
  // A tenant created since the list was loaded: load it again so the menu can show it.
  useEffect(() => {
    if (!known) void tenants.reload();
  }, [known, current]);
  return (
    <div class="tenant-picker">
      <label for="tenant-picker">{t('shell.tenant')}</label>
      <select
        id="tenant-picker"
        value={current ?? ''}
        onChange={(e) => {
          const id = e.currentTarget.value;
          rememberTenant(id || null);
          navigate(id ? tenantPath(id, 'overview') : `${BASE}/tenants`);
        }}
      >
        <option value="">{t('shell.pickTenant')}</option>
        {(tenants.data?.tenants ?? []).map((tenant) => (
          <option key={tenant.id} value={tenant.id}>
            {tenant.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function TenantName({ tenantId }: { tenantId: string }) {
  const t = useT();
  const tenant = useResource(() => api.get<Tenant>(`/admin/v1/tenants/${encodeURIComponent(tenantId)}`), [tenantId]);
  return (
    <p class="tenant-name">
      <span class="muted">{t('shell.tenant')}</span> {tenant.data?.name ?? tenantId}
    </p>
  );
}

/** The frame of every signed-in page: header (tenant, language, user), navigation, content. */
export function Shell({ user, route, children }: { user: ConsoleUser; route: Route; children: ComponentChildren }) {
  const t = useT();
  const remembered = useStore(chosenTenant);
  const forbidden = useStore(forbiddenStore);
  const { path } = useLocation();
  // Another page: asked anew (a refusal is about one page, and access can change).
  useEffect(() => {
    if (forbidden && forbidden.path !== path) forbiddenStore.set(null);
  }, [path]);
  const routeTenant = route.page === 'tenant' ? route.tenantId : null;
  useEffect(() => {
    if (user.role === 'operator' && routeTenant && routeTenant !== remembered) rememberTenant(routeTenant);
  }, [routeTenant]);
  // A member's navigation always leads to its own tenant, even on a URL of another one.
  const tenantId = user.role === 'member' ? user.tenant_id : (routeTenant ?? remembered);
  const isCurrent = (section: TenantSection, also: TenantSection[] = []) =>
    route.page === 'tenant' && route.tenantId === tenantId && (route.section === section || also.includes(route.section));

  return (
    <div class="shell">
      <a class="skip-link" href="#main">
        {t('shell.skip')}
      </a>
      <header class="topbar">
        <Link class="brand" href={BASE}>
          <span class="brand-mark" aria-hidden="true" />
          content-feed <span class="brand-sub">{t('shell.console')}</span>
        </Link>
        {user.role === 'operator' ? <TenantPicker current={tenantId} /> : user.tenant_id && <TenantName tenantId={user.tenant_id} />}
        <div class="topbar-end">
          <LanguageSwitch />
          <span class="user-email" title={user.email}>
            {user.email}
            <span class="role">{t(`role.${user.role}`)}</span>
          </span>
          <button type="button" class="button button-small" onClick={() => void logout()}>
            {t('shell.logout')}
          </button>
        </div>
      </header>
      <div class="body">
        <nav class="sidebar" aria-label={t('shell.navigation')}>
          {tenantId ? (
            <ul>
              {TENANT_NAV.map(({ section, label, also }) => (
                <li key={section}>
                  <Link href={tenantPath(tenantId, section)} aria-current={isCurrent(section, also) ? 'page' : undefined}>
                    {t(label)}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p class="sidebar-note">{t('shell.noTenant')}</p>
          )}
          {user.role === 'operator' && (
            <>
              <h2 class="sidebar-heading">{t('nav.operator')}</h2>
              <ul>
                <li>
                  <Link
                    href={`${BASE}/tenants`}
                    aria-current={route.page === 'tenants' || route.page === 'tenantEdit' ? 'page' : undefined}
                  >
                    {t('nav.tenants')}
                  </Link>
                </li>
                <li>
                  <Link href={`${BASE}/sources`} aria-current={route.page === 'sources' || route.page === 'source' ? 'page' : undefined}>
                    {t('nav.sources')}
                  </Link>
                </li>
                <li>
                  <Link href={`${BASE}/pipeline`} aria-current={route.page === 'pipeline' ? 'page' : undefined}>
                    {t('nav.pipeline')}
                  </Link>
                </li>
                <li>
                  <Link href={`${BASE}/articles`} aria-current={route.page === 'articles' || route.page === 'article' ? 'page' : undefined}>
                    {t('nav.articles')}
                  </Link>
                </li>
                <li>
                  <Link href={`${BASE}/console-users`} aria-current={route.page === 'consoleUsers' ? 'page' : undefined}>
                    {t('nav.consoleUsers')}
                  </Link>
                </li>
                <li>
                  <Link href={`${BASE}/audit-log`} aria-current={route.page === 'audit' ? 'page' : undefined}>
                    {t('nav.auditAll')}
                  </Link>
                </li>
              </ul>
            </>
          )}
        </nav>
        <main class="content" id="main">
          <Announcement />
          {forbidden?.path === path ? (
            <Page title={t('error.forbidden')}>
              <Problem error={forbidden.error} />
            </Page>
          ) : (
            children
          )}
        </main>
      </div>
    </div>
  );
}
