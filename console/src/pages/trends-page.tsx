import { useState } from 'preact/hooks';
import { api, query, tenantApi } from '../api/client.js';
import type { ActivityMetrics, Scenario } from '../api/api-types.js';
import { DataTable } from '../components/data-table.js';
import { SelectField, TextField } from '../components/field.js';
import { Form } from '../components/form.js';
import { LoadingOrProblem } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { StackedBarChart } from '../components/stacked-bar-chart.js';
import { useLang, useT } from '../i18n/index.js';
import { formatDay, formatNumber, formatPercent } from '../lib/format.js';
import { useResource } from '../lib/use-resource.js';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const nextDay = (day: string) => dayOf(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Day by day over a chosen range: active users, sessions, impressions, clicks and
 * CTR, and push clicks, of the tenant or of one scenario and/or channel (sessions
 * stay the tenant's). Never a day after today (UTC, the metrics' days); CTR only
 * where impressions were sent.
 */
export function TrendsPage({ tenantId }: { tenantId: string }) {
  const t = useT();
  const lang = useLang();
  const today = dayOf(Date.now());
  // `asked` counts the Show presses: the same range asked again is read again (today's numbers grow).
  const [range, setRange] = useState({ from: dayOf(Date.now() - 29 * DAY_MS), to: today, scenario: '', channel: '', asked: 0 });
  const [form, setForm] = useState({ from: range.from, to: range.to, scenario: '', channel: '' });
  const metrics = useResource(
    () =>
      api.get<ActivityMetrics>(
        tenantApi(tenantId, 'metrics') +
          query({ from: range.from, to: nextDay(range.to < today ? range.to : today), scenario: range.scenario, channel: range.channel }),
      ),
    [tenantId, range.from, range.to, range.scenario, range.channel, range.asked],
  );
  const configured = useResource(() => api.get<{ scenarios: Scenario[] }>(tenantApi(tenantId, 'scenarios')), [tenantId]);
  // The tenant's scenarios, and deleted ones that still have counts in the range.
  const scenarioNames = [
    ...new Set([...(configured.data?.scenarios ?? []).map((s) => s.scenario), ...(metrics.data?.scenarios ?? [])]),
  ].sort();
  const filtered = range.scenario !== '' || range.channel !== '';
  const invalid = !DAY.test(form.from) || !DAY.test(form.to) || form.from > form.to ? t('trends.rangeInvalid') : undefined;

  const days = (metrics.data?.days ?? []).filter((d) => d.day <= today);
  const ctr = (impressions: number, clicks: number) => (impressions > 0 ? formatPercent(lang, clicks / impressions) : '—');
  const noImpressions = days.length > 0 && days.every((d) => d.impressions === 0);
  const chart = (key: 'active_users' | 'sessions' | 'clicks', label: string, colour: number) => (
    <Section title={label}>
      <StackedBarChart
        title={label}
        categories={days.map((d) => d.day)}
        categoryLabel={(d) => formatDay(lang, d)}
        series={[{ key, label, values: days.map((d) => d[key]), colour }]}
        formatValue={(n) => formatNumber(lang, n, 0)}
      />
    </Section>
  );

  return (
    <Page title={t('trends.title')}>
      <Form
        class="form-inline"
        noValidate
        onSubmit={() => {
          if (!invalid) setRange((r) => ({ ...form, to: form.to > today ? today : form.to, asked: r.asked + 1 }));
        }}
      >
        <TextField
          label={t('trends.from')}
          type={'date' as 'text'}
          value={form.from}
          onValue={(from) => setForm((f) => ({ ...f, from }))}
          error={invalid}
        />
        <TextField
          label={t('trends.to')}
          help={t('trends.toHelp')}
          type={'date' as 'text'}
          value={form.to}
          onValue={(to) => setForm((f) => ({ ...f, to }))}
        />
        <SelectField
          label={t('trends.scenario')}
          value={form.scenario}
          onValue={(scenario) => setForm((f) => ({ ...f, scenario }))}
          options={[{ value: '', label: t('trends.allScenarios') }, ...scenarioNames.map((name) => ({ value: name, label: name }))]}
        />
        <SelectField
          label={t('trends.channel')}
          value={form.channel}
          onValue={(channel) => setForm((f) => ({ ...f, channel }))}
          options={[
            { value: '', label: t('trends.allChannels') },
            { value: 'feed', label: t('trends.channelFeed') },
            { value: 'push', label: t('trends.channelPush') },
          ]}
        />
        <button type="submit" class="button button-primary">
          {t('trends.show')}
        </button>
      </Form>
      {!metrics.data ? (
        <LoadingOrProblem error={metrics.error} />
      ) : (
        <>
          {filtered && (
            <p class="notice">
              {t('trends.filteredNote', {
                scenario: range.scenario || t('trends.allScenarios'),
                channel: range.channel
                  ? t(range.channel === 'feed' ? 'trends.channelFeed' : 'trends.channelPush')
                  : t('trends.allChannels'),
              })}
            </p>
          )}
          {noImpressions && <p class="notice">{t('trends.noImpressions')}</p>}
          <div class="charts">
            {chart('active_users', t('trends.dau'), 0)}
            {chart('sessions', t('trends.sessions'), 1)}
            {chart('clicks', t('trends.clicks'), 2)}
          </div>
          <Section title={t('trends.table')}>
            <div class="table-wrap">
              <DataTable
                rows={[...days].reverse()}
                columns={[
                  t('trends.day'),
                  { label: t('trends.dau'), num: true },
                  { label: t('trends.sessions'), num: true },
                  { label: t('trends.impressions'), num: true },
                  { label: t('trends.clicks'), num: true },
                  { label: t('trends.ctr'), num: true },
                  { label: t('trends.pushClicks'), num: true },
                ]}
              >
                {(d) => (
                  <tr key={d.day}>
                    <td class="nowrap">{formatDay(lang, d.day)}</td>
                    <td class="num">{formatNumber(lang, d.active_users)}</td>
                    <td class="num">{formatNumber(lang, d.sessions)}</td>
                    <td class="num">{formatNumber(lang, d.impressions)}</td>
                    <td class="num">{formatNumber(lang, d.clicks)}</td>
                    <td class="num">{ctr(d.impressions, d.clicks)}</td>
                    <td class="num">{formatNumber(lang, d.push_clicks)}</td>
                  </tr>
                )}
              </DataTable>
            </div>
            <p class="stat-footnote">{t('trends.ctrNote')}</p>
          </Section>
        </>
      )}
    </Page>
  );
}
