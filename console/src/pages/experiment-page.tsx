import { useState } from 'preact/hooks';
import { api, tenantApi } from '../api/client.js';
import type { ExperimentWithResults, VariantResult } from '../api/api-types.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { DataTable } from '../components/data-table.js';
import { TextField } from '../components/field.js';
import { Form, FormProblem } from '../components/form.js';
import { LineChart } from '../components/line-chart.js';
import { Link } from '../components/link.js';
import { LoadingOrProblem, RefreshButton } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { Problem } from '../components/problem.js';
import { StatusBadge } from '../components/status-badge.js';
import { useLang, useT } from '../i18n/index.js';
import { announce } from '../lib/announce.js';
import { formatDateTime, formatDay, formatNumber, formatPercent } from '../lib/format.js';
import { tenantPath } from '../lib/router.js';
import { useAction, useResource } from '../lib/use-resource.js';

/**
 * One experiment: its variants with users, CTR and conversion with their intervals
 * and the test against control, a daily CTR chart per variant, and the actions its
 * state allows (start, stop, new shares, promote the winner).
 */
export function ExperimentPage({ tenantId, experimentId }: { tenantId: string; experimentId: string }) {
  const t = useT();
  const lang = useLang();
  const path = tenantApi(tenantId, 'experiments', experimentId);
  const experiment = useResource(() => api.get<ExperimentWithResults>(path), [path]);
  const [shares, setShares] = useState<Record<string, string>>({});
  const act = useAction(async (action: 'start' | 'stop' | 'promote', body?: unknown) => {
    await api.post(`${path}/${action}`, body ?? {});
    announce(t(`experiments.done.${action}`));
    await experiment.reload();
  });
  const reshare = useAction(async (values: Record<string, number>) => {
    await api.put(`${path}/shares`, { shares: values });
    announce(t('experiments.done.shares'));
    setShares({});
    await experiment.reload();
  });

  const e = experiment.data;
  if (!e)
    return (
      <Page title={t('experiments.title')}>
        <LoadingOrProblem error={experiment.error} />
      </Page>
    );
  const r = e.results;
  const pct = (x: number) => formatPercent(lang, x);
  const interval = (low: number, high: number) => `${pct(low)} – ${pct(high)}`;
  const shareOf = (name: string) => shares[name] ?? String(Math.round((e.variants.find((v) => v.name === name)?.share ?? 0) * 1000) / 10);
  const days = [...new Set(r.daily.map((d) => d.day))].sort();
  const verdict = r.winner
    ? t('experiments.winner', { variant: r.winner })
    : r.sample_size_met
      ? t('experiments.noDifference')
      : t('experiments.needUsers', {
          users: formatNumber(lang, e.min_users_per_variant),
          suggested: r.users_for_10_percent_lift === null ? '—' : formatNumber(lang, r.users_for_10_percent_lift),
        });

  return (
    <Page title={e.name} actions={<RefreshButton resource={experiment} />}>
      <p>
        <Link href={tenantPath(tenantId, 'experiments')}>{t('experiments.back')}</Link>
      </p>
      <dl class="facts">
        <dt>{t('common.status')}</dt>
        <dd>
          <StatusBadge
            status={e.status === 'running' ? 'active' : e.status === 'draft' ? 'pending' : 'inactive'}
            label={t(`experiments.status.${e.status}`)}
          />
          {e.promoted_variant && <span class="muted"> {t('experiments.promoted', { variant: e.promoted_variant })}</span>}
        </dd>
        <dt>{t('experiments.scenario')}</dt>
        <dd>
          <Link href={tenantPath(tenantId, 'scenario', e.scenario)}>{e.scenario}</Link>
        </dd>
        <dt>{t('experiments.control')}</dt>
        <dd>{e.control}</dd>
        <dt>{t('experiments.allocation')}</dt>
        <dd>{t(`experiments.allocation.${e.allocation}`)}</dd>
      </dl>
      <p class={r.winner ? 'notice notice-good' : 'notice'} role="status">
        {verdict}
      </p>
      <Problem error={act.error} />
      <div class="form-actions">
        {e.status === 'draft' && (
          <button type="button" class="button button-primary" disabled={act.pending} onClick={() => void act.run('start')}>
            {t('experiments.start')}
          </button>
        )}
        {e.status === 'running' && (
          <ConfirmButton
            label={t('experiments.stop')}
            title={t('experiments.stopTitle')}
            pending={act.pending}
            onConfirm={() => act.run('stop')}
          >
            <p>{t('experiments.stopBody', { scenario: e.scenario })}</p>
          </ConfirmButton>
        )}
        {r.winner && !e.promoted_variant && (
          <ConfirmButton
            class="button button-primary"
            label={t('experiments.promote', { variant: r.winner })}
            title={t('experiments.promoteTitle')}
            pending={act.pending}
            onConfirm={() => act.run('promote', { variant: r.winner })}
          >
            <p>
              {t('experiments.promoteBody', {
                variant: r.winner,
                algorithm: e.variants.find((v) => v.name === r.winner)?.algorithm_id ?? '',
                scenario: e.scenario,
              })}
            </p>
          </ConfirmButton>
        )}
      </div>

      <Section title={t('experiments.variants')}>
        <div class="table-wrap">
          <DataTable
            rows={r.variants}
            columns={[
              t('experiments.variant'),
              { label: t('experiments.users'), num: true },
              { label: t('experiments.impressions'), num: true },
              { label: t('experiments.clicks'), num: true },
              { label: t('experiments.ctr'), num: true },
              { label: t('experiments.conversion'), num: true },
              { label: t('experiments.vsControl'), num: true },
              { label: t('experiments.pValue'), num: true },
              { label: t('experiments.clicksPerUser'), num: true },
              { label: t('experiments.dwell'), num: true },
              { label: t('experiments.likesShares'), num: true },
              { label: t('experiments.push'), num: true },
              { label: t('experiments.credits'), num: true },
            ]}
          >
            {(v: VariantResult) => (
              <tr key={v.name}>
                <th scope="row">
                  {v.name}
                  <span class="muted">
                    {v.algorithm_id} · {pct(v.share)}
                  </span>
                </th>
                <td class="num">{formatNumber(lang, v.users)}</td>
                <td class="num">{formatNumber(lang, v.impressions)}</td>
                <td class="num">{formatNumber(lang, v.clicks)}</td>
                <td class="num">
                  {v.impressions > 0 ? pct(v.ctr.rate) : '—'}
                  {v.impressions > 0 && <span class="muted">{interval(v.ctr.low, v.ctr.high)}</span>}
                </td>
                <td class="num">
                  {pct(v.conversion.rate)}
                  <span class="muted">{interval(v.conversion.low, v.conversion.high)}</span>
                </td>
                <td class="num">
                  {v.vs_control ? (
                    <>
                      {v.vs_control.difference >= 0 ? '+' : ''}
                      {pct(v.vs_control.difference)}
                      <span class="muted">{interval(v.vs_control.low, v.vs_control.high)}</span>
                    </>
                  ) : (
                    t('experiments.isControl')
                  )}
                </td>
                <td class="num">
                  {v.vs_control
                    ? (v.vs_control.p_value < 0.001 ? '< 0.001' : formatNumber(lang, v.vs_control.p_value, 3)) +
                      (v.vs_control.significant ? ' *' : '')
                    : '—'}
                </td>
                <td class="num">{formatNumber(lang, v.clicks_per_user)}</td>
                <td class="num">{v.mean_dwell_ms === null ? '—' : `${formatNumber(lang, v.mean_dwell_ms / 1000, 1)} s`}</td>
                <td class="num">
                  {formatNumber(lang, v.likes)} / {formatNumber(lang, v.shares)}
                </td>
                <td class="num">
                  {formatNumber(lang, v.push_clicks)} / {formatNumber(lang, v.push_users)}
                </td>
                <td class="num">{formatNumber(lang, v.credits, 1)}</td>
              </tr>
            )}
          </DataTable>
        </div>
        <p class="stat-footnote">{t('experiments.testNote', { alpha: formatNumber(lang, r.alpha, 4) })}</p>
      </Section>

      <div class="charts">
        <Section title={t('experiments.dailyCtr')}>
          <LineChart
            title={t('experiments.dailyCtr')}
            categories={days}
            categoryLabel={(d) => formatDay(lang, d)}
            series={e.variants.map((v, i) => ({
              key: v.name,
              label: v.name,
              colour: i,
              values: days.map((day) => r.daily.find((d) => d.day === day && d.variant === v.name)?.ctr ?? null),
            }))}
            formatValue={pct}
          />
        </Section>
      </div>

      {e.status !== 'stopped' && e.allocation === 'thompson' && (
        <Section title={t('experiments.shares')}>
          <p class="section-help">
            {t('experiments.banditShares', { at: e.reallocated_at ? formatDateTime(lang, e.reallocated_at) : '—' })}
          </p>
        </Section>
      )}
      {e.status !== 'stopped' && e.allocation === 'fixed' && (
        <Section title={t('experiments.shares')}>
          <p class="section-help">{t('experiments.sharesHelp')}</p>
          <Form
            class="form-inline"
            noValidate
            onSubmit={() => void reshare.run(Object.fromEntries(e.variants.map((v) => [v.name, Number(shareOf(v.name)) / 100])))}
          >
            {e.variants.map((v) => (
              <TextField
                key={v.name}
                label={t('experiments.shareOf', { variant: v.name })}
                type={'number'}
                value={shareOf(v.name)}
                onValue={(value) => setShares((s) => ({ ...s, [v.name]: value }))}
                error={reshare.error?.fieldMessage('shares')}
              />
            ))}
            <FormProblem error={reshare.error} fields={['shares']} />
            <button type="submit" class="button" disabled={reshare.pending}>
              {t('experiments.saveShares')}
            </button>
          </Form>
        </Section>
      )}
    </Page>
  );
}
