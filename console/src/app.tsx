import { useEffect } from 'preact/hooks';
import { Shell } from './components/shell.js';
import { Loading, Page } from './components/page.js';
import { useT } from './i18n/index.js';
import { matchRoute, navigate, useLocation, type Route } from './lib/router.js';
import { homePath, loadSession, loginPath, sessionStore } from './lib/session.js';
import { useStore } from './lib/store.js';
import { AlgorithmPage } from './pages/algorithm-page.js';
import { ApiKeysPage } from './pages/api-keys-page.js';
import { ArticlePage } from './pages/article-page.js';
import { ArticlesPage } from './pages/articles-page.js';
import { AuditLogPage } from './pages/audit-log-page.js';
import { ExperimentPage } from './pages/experiment-page.js';
import { ExperimentsPage } from './pages/experiments-page.js';
import { ConsoleUsersPage } from './pages/console-users-page.js';
import { LoginPage } from './pages/login-page.js';
import { OverviewPage } from './pages/overview-page.js';
import { PipelinePage } from './pages/pipeline-page.js';
import { PushJobsPage } from './pages/push-jobs-page.js';
import { ScenarioPage } from './pages/scenario-page.js';
import { ScenariosPage } from './pages/scenarios-page.js';
import { SourcePage } from './pages/source-page.js';
import { SourcesPage } from './pages/sources-page.js';
import { TenantEditPage } from './pages/tenant-edit-page.js';
import { TrendsPage } from './pages/trends-page.js';
import { TenantsPage } from './pages/tenants-page.js';
import { UsageCapPage } from './pages/usage-cap-page.js';
import { UsersPage } from './pages/users-page.js';
import { WebhookPage } from './pages/webhook-page.js';

function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

function NotFound() {
  const t = useT();
  return (
    <Page title={t('error.pageNotFound')}>
      <p class="empty">{t('error.pageNotFoundBody')}</p>
    </Page>
  );
}

function TenantRoute({ route }: { route: Extract<Route, { page: 'tenant' }> }) {
  const { tenantId, section, param } = route;
  switch (section) {
    case 'overview':
      return <OverviewPage tenantId={tenantId} />;
    case 'keys':
      return <ApiKeysPage tenantId={tenantId} />;
    case 'scenarios':
      return <ScenariosPage tenantId={tenantId} />;
    case 'scenario':
      return <ScenarioPage tenantId={tenantId} name={param!} />;
    case 'algorithm':
      return <AlgorithmPage tenantId={tenantId} algorithmId={param!} />;
    case 'push':
      return <PushJobsPage tenantId={tenantId} />;
    case 'webhook':
      return <WebhookPage tenantId={tenantId} />;
    case 'usage':
      return <UsageCapPage tenantId={tenantId} />;
    case 'users':
      return <UsersPage tenantId={tenantId} {...(param === undefined ? {} : { userId: param })} />;
    case 'audit':
      return <AuditLogPage tenantId={tenantId} />;
    case 'trends':
      return <TrendsPage tenantId={tenantId} />;
    case 'experiments':
      return param === undefined ? <ExperimentsPage tenantId={tenantId} /> : <ExperimentPage tenantId={tenantId} experimentId={param} />;
  }
}

export function App() {
  const session = useStore(sessionStore);
  const { path, search } = useLocation();
  const route = matchRoute(path);
  useEffect(() => void loadSession(), []);

  if (session.status === 'loading') return <Loading />;
  if (route.page === 'login') {
    if (session.status === 'signed-in') return <Redirect to={homePath(session.user)} />;
    return <LoginPage search={search} {...(session.error ? { startupError: session.error } : {})} />;
  }
  if (session.status === 'anonymous') return <Redirect to={loginPath(path + search)} />;
  if (route.page === 'home') return <Redirect to={homePath(session.user)} />;

  return (
    <Shell user={session.user} route={route}>
      {route.page === 'tenant' ? (
        // A key per tenant and page: nothing of one tenant's page survives into another's.
        <TenantRoute key={`${route.tenantId}/${route.section}/${route.param ?? ''}`} route={route} />
      ) : route.page === 'tenants' ? (
        <TenantsPage />
      ) : route.page === 'sources' ? (
        <SourcesPage />
      ) : route.page === 'source' ? (
        <SourcePage key={route.sourceId} sourceId={route.sourceId} />
      ) : route.page === 'audit' ? (
        <AuditLogPage />
      ) : route.page === 'tenantEdit' ? (
        <TenantEditPage key={route.tenantId} tenantId={route.tenantId} />
      ) : route.page === 'pipeline' ? (
        <PipelinePage />
      ) : route.page === 'consoleUsers' ? (
        <ConsoleUsersPage />
      ) : route.page === 'articles' ? (
        <ArticlesPage search={search} />
      ) : route.page === 'article' ? (
        <ArticlePage key={route.contentId} contentId={route.contentId} />
      ) : (
        <NotFound />
      )}
    </Shell>
  );
}
