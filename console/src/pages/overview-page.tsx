import { api, query, tenantApi } from '../api/client.js';
import type { ActivityMetrics, Tenant, UsageReport } from '../api/api-types.js';
import { LoadingOrProblem } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { StackedBarChart, type ChartSeries } from '../components/stacked-bar-chart.js';
import { useLang, useT } from '../i18n/index.js';
import { formatDay, formatDateTime, formatDuration, formatNumber, formatPercent } from '../lib/format.js';
import { useResource } from '../lib/use-resource.js';

const DAY_MS = 86_400_000;

/** `to` is exclusive in the API; people read ranges inclusively. */
const previousDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

/** Every UTC day in [from, to). */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms < Date.parse(`${to}T00:00:00Z`); ms += DAY_MS)
    days.push(new Date(ms).toISOString().slice(0, 10));
  return days;
}

/** Each endpoint keeps one colour in both charts; the priced ones first. */
const ENDPOINT_ORDER = ['feed', 'contents', 'push-candidates', 'events', 'users', 'usage'];
const colourOf = (endpoint: string) => (ENDPOINT_ORDER.includes(endpoint) ? ENDPOINT_ORDER.indexOf(endpoint) : ENDPOINT_ORDER.length);

/** One series per endpoint that had any, in the fixed endpoint order. */
function seriesBy(usage: UsageReport, days: string[], measure: 'credits' | 'requests'): ChartSeries[] {
  const byEndpoint = new Map<string, number[]>();
  const index = new Map(days.map((d, i) => [d, i]));
  for (const row of usage.days) {
    const i = index.get(row.day);
    if (i === undefined) continue;
    const values = byEndpoint.get(row.endpoint) ?? new Array<number>(days.length).fill(0);
    values[i] = (values[i] ?? 0) + row[measure];
    byEndpoint.set(row.endpoint, values);
  }
  return [...byEndpoint.entries()]
    .map(([endpoint, values]) => ({ key: endpoint, label: `/v1/${endpoint}`, values, colour: colourOf(endpoint) }))
    .filter((s) => s.values.some((v) => v > 0))
    .sort((a, b) => a.colour - b.colour || a.key.localeCompare(b.key));
}

function UsageBar({ used, limit, label }: { used: number; limit: number; label: string }) {
  const share = limit > 0 ? Math.min(1, used / limit) : 0;
  return (
    <svg
      class={`usage-bar${share >= 0.9 ? ' usage-bar-high' : ''}`}
      viewBox="0 0 100 6"
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
    >
      <rect class="usage-bar-track" width="100" height="6" rx="3" />
      <rect class="usage-bar-fill" width={share * 100} height="6" rx="3" />
    </svg>
  );
}

export function OverviewPage({ tenantId }: { tenantId: string }) {
  const t = useT();
  const lang = useLang();
  const resource = useResource(
    () =>
      Promise.all([
        api.get<Tenant>(tenantApi(tenantId)),
        api.get<UsageReport>(tenantApi(tenantId, 'usage')),
        api.get<ActivityMetrics>(tenantApi(tenantId, 'metrics') + query({})),
      ]),
    [tenantId],
  );

  if (!resource.data)
    return (
      <Page title={t('overview.title')}>
        <LoadingOrProblem error={resource.error} />
      </Page>
    );
  const [tenant, usage, metrics] = resource.data;

  const used = tenant.current_cycle.used_credits;
  const cap = tenant.usage_cap_credits;
  const included = tenant.current_cycle.included_credits;
  const days = daysBetween(usage.from, usage.to);
  const lastDay = metrics.days.at(-1);
  const credits = (n: number) => formatNumber(lang, n, 1);

  return (
    <Page title={t('overview.title')}>
      <p class="lede">
        {t('overview.cycle', {
          from: formatDateTime(lang, tenant.current_cycle.starts_at),
          to: formatDateTime(lang, tenant.current_cycle.ends_at),
        })}
      </p>
      <div class="stats">
        <div class="stat stat-wide">
          <h2 class="stat-label">{t('overview.creditsUsed')}</h2>
          <p class="stat-value">
            {credits(used)}
            <span class="stat-unit">
              {' / '}
              {cap === null ? t('overview.noCap') : t('overview.capOf', { cap: credits(cap) })}
            </span>
          </p>
          {cap !== null ? (
            <UsageBar used={used} limit={cap} label={t('overview.capShare', { share: formatPercent(lang, cap > 0 ? used / cap : 0) })} />
          ) : (
            <UsageBar
              used={used}
              limit={included}
              label={t('overview.includedShare', { share: formatPercent(lang, included > 0 ? used / included : 0) })}
            />
          )}
          <p class="stat-note">{t('overview.included', { included: credits(included), over: credits(Math.max(0, used - included)) })}</p>
        </div>
        <div class="stat">
          <h2 class="stat-label">{t('overview.plan')}</h2>
          <p class="stat-value stat-value-text">{t(`plan.${tenant.plan}`)}</p>
          <p class="stat-note">{t('overview.rate', { rps: formatNumber(lang, tenant.rate_limit_rps) })}</p>
        </div>
        <div class="stat">
          <h2 class="stat-label">{t('overview.dau')}</h2>
          <p class="stat-value">{formatNumber(lang, lastDay?.active_users ?? 0)}</p>
          <p class="stat-note">{t('overview.mau', { mau: formatNumber(lang, metrics.mau) })}</p>
        </div>
        <div class="stat">
          <h2 class="stat-label">{t('overview.sessions')}</h2>
          <p class="stat-value">{formatNumber(lang, metrics.sessions)}</p>
          <p class="stat-note">{t('overview.avgSession', { duration: formatDuration(metrics.avg_session_duration_seconds * 1000) })}</p>
        </div>
        <div class="stat">
          <h2 class="stat-label">{t('overview.ctr')}</h2>
          {metrics.impressions > 0 ? (
            <>
              <p class="stat-value">{formatPercent(lang, metrics.ctr)}</p>
              <p class="stat-note">
                {t('overview.clicksOf', {
                  clicks: formatNumber(lang, metrics.clicks),
                  impressions: formatNumber(lang, metrics.impressions),
                })}
              </p>
            </>
          ) : (
            // No impressions, no rate: a 0 % would say the feed is never clicked.
            <p class="stat-note">{t('trends.noImpressions')}</p>
          )}
        </div>
        <div class="stat">
          <h2 class="stat-label">{t('overview.requests')}</h2>
          <p class="stat-value">{formatNumber(lang, usage.total_requests)}</p>
          <p class="stat-note">{t('overview.requestsNote')}</p>
        </div>
        <div class="stat">
          <h2 class="stat-label">{t('overview.push')}</h2>
          <p class="stat-value">{formatNumber(lang, metrics.push_clicks)}</p>
          <p class="stat-note">{t('overview.pushNote')}</p>
        </div>
      </div>
      <p class="stat-footnote">
        {t('overview.metricsRange', { from: formatDay(lang, metrics.from), to: formatDay(lang, previousDay(metrics.to)) })}
      </p>
      <div class="charts">
        <Section title={t('overview.creditsChart')}>
          <StackedBarChart
            title={t('overview.creditsChart')}
            categories={days}
            categoryLabel={(d) => formatDay(lang, d)}
            series={seriesBy(usage, days, 'credits')}
            formatValue={credits}
          />
        </Section>
        <Section title={t('overview.requestsChart')}>
          <StackedBarChart
            title={t('overview.requestsChart')}
            categories={days}
            categoryLabel={(d) => formatDay(lang, d)}
            series={seriesBy(usage, days, 'requests')}
            formatValue={(n) => formatNumber(lang, n, 0)}
          />
        </Section>
      </div>
    </Page>
  );
}
