import { useState } from 'preact/hooks';
import { api, tenantApi } from '../api/client.js';
import type { Algorithm, Experiment, Scenario } from '../api/api-types.js';
import { DataTable } from '../components/data-table.js';
import { SelectField, TextField } from '../components/field.js';
import { Form, FormProblem } from '../components/form.js';
import { Link } from '../components/link.js';
import { Loaded } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { StatusBadge } from '../components/status-badge.js';
import { useLang, useT } from '../i18n/index.js';
import { announce } from '../lib/announce.js';
import { formatDateTime } from '../lib/format.js';
import { navigate, tenantPath } from '../lib/router.js';
import { useAction, useResource } from '../lib/use-resource.js';

const MAX_VARIANTS = 5;
interface VariantRow {
  name: string;
  algorithm: string;
  /** Percent, as typed. */
  share: string;
}

/** A tenant's experiments, newest first, and the form that starts one (docs/experiments.md). */
export function ExperimentsPage({ tenantId }: { tenantId: string }) {
  const t = useT();
  const lang = useLang();
  const experiments = useResource(() => api.get<{ experiments: Experiment[] }>(tenantApi(tenantId, 'experiments')), [tenantId]);
  const scenarios = useResource(() => api.get<{ scenarios: Scenario[] }>(tenantApi(tenantId, 'scenarios')), [tenantId]);
  const algorithms = useResource(() => api.get<{ algorithms: Algorithm[] }>(tenantApi(tenantId, 'algorithms')), [tenantId]);
  const scenarioNames = (scenarios.data?.scenarios ?? []).map((s) => s.scenario);
  const algorithmIds = (algorithms.data?.algorithms ?? []).map((a) => a.algorithm_id);
  const [scenario, setScenario] = useState('');
  const [minUsers, setMinUsers] = useState('1000');
  const [allocation, setAllocation] = useState<'fixed' | 'thompson'>('fixed');
  const [rows, setRows] = useState<VariantRow[]>([
    { name: 'control', algorithm: '', share: '50' },
    { name: 'variant', algorithm: '', share: '50' },
  ]);
  const chosenScenario = scenario || scenarioNames[0] || '';
  const linked = scenarios.data?.scenarios.find((s) => s.scenario === chosenScenario)?.algorithm_id ?? '';
  const algorithmOf = (row: VariantRow, i: number) =>
    row.algorithm || (i === 0 ? linked : (algorithmIds.find((a) => a !== linked) ?? linked));
  const total = rows.reduce((sum, r) => sum + Number(r.share || 0), 0);
  const sharesError =
    Math.abs(total - 100) > 1e-6 ? t('experiments.sharesSum', { total: String(Math.round(total * 100) / 100) }) : undefined;
  const update = (i: number, change: Partial<VariantRow>) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...change } : r)));

  const create = useAction(async () => {
    const created = await api.post<Experiment>(tenantApi(tenantId, 'experiments'), {
      scenario: chosenScenario,
      min_users_per_variant: Number(minUsers),
      allocation,
      variants: rows.map((r, i) => ({ name: r.name, algorithm_id: algorithmOf(r, i), share: Number(r.share) / 100 })),
    });
    announce(t('experiments.started', { name: created.name }));
    navigate(tenantPath(tenantId, 'experiments', created.experiment_id));
  });

  return (
    <Page title={t('experiments.title')}>
      <Section title={t('experiments.create')}>
        <p class="section-help">{t('experiments.createHelp')}</p>
        <Form class="form-grid" noValidate onSubmit={() => void (!sharesError && create.run())}>
          <SelectField
            label={t('experiments.scenario')}
            value={chosenScenario}
            onValue={setScenario}
            options={scenarioNames.map((s) => ({ value: s, label: s }))}
            error={create.error?.fieldMessage('scenario')}
          />
          <TextField
            label={t('experiments.minUsers')}
            help={t('experiments.minUsersHelp')}
            type={'number'}
            value={minUsers}
            onValue={setMinUsers}
            error={create.error?.fieldMessage('min_users_per_variant')}
          />
          <SelectField
            label={t('experiments.allocation')}
            help={t('experiments.allocationHelp')}
            value={allocation}
            onValue={(value) => setAllocation(value as 'fixed' | 'thompson')}
            options={[
              { value: 'fixed', label: t('experiments.allocation.fixed') },
              { value: 'thompson', label: t('experiments.allocation.thompson') },
            ]}
          />
          {rows.map((row, i) => (
            <fieldset key={i} class="field-span variant-row">
              <legend>{i === 0 ? t('experiments.controlVariant') : t('experiments.variantN', { n: String(i + 1) })}</legend>
              <TextField
                label={t('experiments.variantName')}
                value={row.name}
                onValue={(name) => update(i, { name })}
                error={create.error?.fieldMessage(`variants[${i}].name`)}
              />
              <SelectField
                label={t('experiments.algorithm')}
                value={algorithmOf(row, i)}
                onValue={(algorithm) => update(i, { algorithm })}
                options={algorithmIds.map((a) => ({ value: a, label: a }))}
                error={create.error?.fieldMessage(`variants[${i}].algorithm_id`)}
              />
              <TextField
                label={t('experiments.sharePercent')}
                type={'number'}
                value={row.share}
                onValue={(share) => update(i, { share })}
              />
              {rows.length > 2 && (
                <button type="button" class="button button-small" onClick={() => setRows((all) => all.filter((_, j) => j !== i))}>
                  {t('experiments.removeVariant')}
                </button>
              )}
            </fieldset>
          ))}
          <p class="field-span" role="status">
            {sharesError ? <span class="error-text">{sharesError}</span> : t('experiments.sharesOk')}
          </p>
          <FormProblem error={create.error} fields={['scenario', 'variants', 'min_users_per_variant']} />
          <div class="form-actions">
            {rows.length < MAX_VARIANTS && (
              <button
                type="button"
                class="button"
                onClick={() => setRows((all) => [...all, { name: `variant${all.length + 1}`, algorithm: '', share: '0' }])}
              >
                {t('experiments.addVariant')}
              </button>
            )}
            <button type="submit" class="button button-primary" disabled={create.pending}>
              {t('experiments.startButton')}
            </button>
          </div>
        </Form>
      </Section>

      <Section title={t('experiments.list')}>
        <Loaded resource={experiments}>
          {(data) => (
            <div class="table-wrap">
              <DataTable
                rows={data.experiments}
                empty={t('experiments.none')}
                columns={[
                  t('experiments.name'),
                  t('common.status'),
                  t('experiments.scenario'),
                  t('experiments.variants'),
                  t('common.created'),
                ]}
              >
                {(e) => (
                  <tr key={e.experiment_id}>
                    <td>
                      <Link href={tenantPath(tenantId, 'experiments', e.experiment_id)}>{e.name}</Link>
                    </td>
                    <td>
                      <StatusBadge
                        status={e.status === 'running' ? 'active' : e.status === 'draft' ? 'pending' : 'inactive'}
                        label={t(`experiments.status.${e.status}`)}
                      />
                    </td>
                    <td>{e.scenario}</td>
                    <td>{e.variants.map((v) => `${v.name} (${v.algorithm_id}, ${Math.round(v.share * 1000) / 10}%)`).join(', ')}</td>
                    <td class="nowrap">{formatDateTime(lang, e.created_at)}</td>
                  </tr>
                )}
              </DataTable>
            </div>
          )}
        </Loaded>
      </Section>
    </Page>
  );
}
