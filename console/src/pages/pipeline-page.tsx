import { api } from '../api/client.js';
import type { operations } from '../api/openapi.js';
import { LoadingOrProblem, RefreshButton } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { useLang, useT } from '../i18n/index.js';
import { formatNumber } from '../lib/format.js';
import { usePolling, useResource } from '../lib/use-resource.js';

type PipelineStatus = operations['getAdminPipeline']['responses'][200]['content']['application/json'];

/** How often the page reads the numbers again while open: as often as a Prometheus scrape, no more. */
const REFRESH_MS = 5000;

function Stat({ label, value, note, metric }: { label: string; value: string; note?: string; metric: string }) {
  return (
    <div class="stat">
      <h3 class="stat-label">{label}</h3>
      <p class="stat-value">{value}</p>
      {note && <p class="stat-note">{note}</p>}
      <p class="stat-footnote">
        <code>{metric}</code>
      </p>
    </div>
  );
}

/** Operators: what waits in each stage of the pipeline, fleet-wide: the numbers /metrics exports. */
export function PipelinePage() {
  const t = useT();
  const lang = useLang();
  const status = useResource(() => api.get<PipelineStatus>('/admin/v1/pipeline'), []);
  usePolling(true, () => void status.reload(), REFRESH_MS);
  const n = (value: number) => formatNumber(lang, value);
  const s = status.data;
  return (
    <Page title={t('pipeline.title')} actions={<RefreshButton resource={status} />}>
      <p class="lede">{t('pipeline.intro')}</p>
      {!s ? (
        <LoadingOrProblem error={status.error} />
      ) : (
        <>
          <Section title={t('pipeline.crawl')}>
            <div class="stats">
              <Stat label={t('pipeline.due')} value={n(s.crawl.due)} note={t('pipeline.dueNote')} metric='crawl_sources{state="due"}' />
              <Stat label={t('pipeline.crawling')} value={n(s.crawl.crawling)} metric='crawl_sources{state="crawling"}' />
              <Stat
                label={t('pipeline.failing')}
                value={n(s.crawl.failing)}
                note={t('pipeline.failingNote')}
                metric='crawl_sources{state="failing"}'
              />
            </div>
          </Section>
          <Section title={t('pipeline.events')}>
            <div class="stats">
              <Stat label={t('pipeline.backlog')} value={n(s.events.backlog)} metric="events_unprocessed" />
              <Stat
                label={t('pipeline.lag')}
                value={t('pipeline.seconds', { n: formatNumber(lang, s.events.lag_seconds, 1) })}
                note={t('pipeline.lagNote')}
                metric="events_lag_seconds"
              />
            </div>
          </Section>
          <Section title={t('pipeline.delivery')}>
            <div class="stats">
              <Stat label={t('pipeline.pushPending')} value={n(s.push_jobs.pending)} metric='push_jobs_active{status="pending"}' />
              <Stat label={t('pipeline.pushRunning')} value={n(s.push_jobs.processing)} metric='push_jobs_active{status="processing"}' />
              <Stat
                label={t('pipeline.webhooks')}
                value={n(s.webhooks.pending)}
                note={t('pipeline.webhooksNote')}
                metric="webhook_deliveries_pending"
              />
            </div>
          </Section>
        </>
      )}
    </Page>
  );
}
