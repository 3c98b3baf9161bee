import { useState } from 'preact/hooks';
import { announce } from '../lib/announce.js';
import { api } from '../api/client.js';
import { PLANS, type Plan, type Tenant } from '../api/api-types.js';
import { DataTable } from '../components/data-table.js';
import { SelectField, TextField } from '../components/field.js';
import { Form, FormProblem } from '../components/form.js';
import { Link } from '../components/link.js';
import { Loaded } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { Problem } from '../components/problem.js';
import { useLang, useT } from '../i18n/index.js';
import { formatNumber } from '../lib/format.js';
import { navigate, tenantPath } from '../lib/router.js';
import { useAction, useResource } from '../lib/use-resource.js';
import { rememberTenant } from './tenant-choice.js';
import { tenantEditPath } from './tenant-edit-page.js';

/** Operators: every tenant with its plan and usage; create one; change a plan. */
export function TenantsPage() {
  const t = useT();
  const lang = useLang();
  const tenants = useResource(() => api.get<{ tenants: Tenant[] }>('/admin/v1/tenants'), []);
  const [name, setName] = useState('');
  const [plan, setPlan] = useState<Plan>('starter');
  const [rate, setRate] = useState('');
  const [defaultScenarios, setDefaultScenarios] = useState(true);
  const [tried, setTried] = useState(false);
  const [editing, setEditing] = useState<{ id: string; plan: Plan; rate: string } | null>(null);

  const create = useAction(async () => {
    const body: Record<string, unknown> = { name: name.trim(), plan, default_scenarios: defaultScenarios };
    if (plan === 'custom') body.rate_limit_rps = Number(rate);
    const tenant = await api.post<Tenant>('/admin/v1/tenants', body);
    announce(t(defaultScenarios ? 'done.tenantCreatedWithScenarios' : 'done.tenantCreated', { name: tenant.name }));
    rememberTenant(tenant.id);
    navigate(tenantPath(tenant.id, 'overview'));
  });
  const changePlan = useAction(async () => {
    if (!editing) return;
    const body: Record<string, unknown> = { plan: editing.plan };
    if (editing.plan === 'custom') body.rate_limit_rps = Number(editing.rate);
    const changed = await api.patch<Tenant>(`/admin/v1/tenants/${encodeURIComponent(editing.id)}`, body);
    setEditing(null);
    announce(t('done.planChanged', { name: changed.name, plan: t(`plan.${changed.plan}`), rate: changed.rate_limit_rps }));
    await tenants.reload();
  });

  const rateProblem = (value: string) =>
    Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= 100_000 ? undefined : t('tenants.rateInvalid');

  return (
    <Page title={t('tenants.title')}>
      <Section title={t('tenants.list')}>
        <Problem error={tenants.error ?? changePlan.error} />
        <Loaded resource={tenants}>
          {(data) => (
            <DataTable
              rows={data.tenants}
              columns={[
                t('tenants.name'),
                t('tenants.plan'),
                { label: t('tenants.rate'), num: true },
                { label: t('tenants.used'), num: true },
                { label: t('tenants.cap'), num: true },
              ]}
              actions
            >
              {(tenant) => (
                <tr key={tenant.id}>
                  <td>
                    <Link href={tenantPath(tenant.id, 'overview')} onClick={() => rememberTenant(tenant.id)}>
                      {tenant.name}
                    </Link>
                    <code class="muted">{tenant.id}</code>
                  </td>
                  <td>
                    {editing?.id === tenant.id ? (
                      <Form
                        class="form-inline form-tight"
                        onSubmit={() => {
                          if (editing.plan !== 'custom' || !rateProblem(editing.rate)) void changePlan.run();
                        }}
                      >
                        <SelectField
                          label={t('tenants.plan')}
                          value={editing.plan}
                          onValue={(v) => setEditing({ ...editing, plan: v as Plan })}
                          options={PLANS.map((p) => ({ value: p, label: t(`plan.${p}`) }))}
                        />
                        {editing.plan === 'custom' && (
                          <TextField
                            label={t('tenants.rate')}
                            type="number"
                            min={1}
                            value={editing.rate}
                            onValue={(v) => setEditing({ ...editing, rate: v })}
                            error={rateProblem(editing.rate)}
                          />
                        )}
                        <button type="submit" class="button button-small button-primary" disabled={changePlan.pending}>
                          {t('common.save')}
                        </button>
                        <button type="button" class="button button-small" onClick={() => setEditing(null)}>
                          {t('common.cancel')}
                        </button>
                      </Form>
                    ) : (
                      t(`plan.${tenant.plan}`)
                    )}
                  </td>
                  <td class="num">{formatNumber(lang, tenant.rate_limit_rps)}</td>
                  <td class="num">{formatNumber(lang, tenant.current_cycle.used_credits, 1)}</td>
                  <td class="num">
                    {tenant.usage_cap_credits === null ? t('usage.noCapShort') : formatNumber(lang, tenant.usage_cap_credits, 1)}
                  </td>
                  <td class="actions">
                    {editing?.id !== tenant.id && (
                      <Link class="button button-small" href={tenantEditPath(tenant.id)}>
                        {t('tenantEdit.edit')}
                      </Link>
                    )}{' '}
                    {editing?.id !== tenant.id && (
                      <button
                        type="button"
                        class="button button-small"
                        aria-label={t('tenants.changePlanNamed', { name: tenant.name })}
                        onClick={() => setEditing({ id: tenant.id, plan: tenant.plan, rate: String(tenant.rate_limit_rps) })}
                      >
                        {t('tenants.changePlan')}
                      </button>
                    )}
                  </td>
                </tr>
              )}
            </DataTable>
          )}
        </Loaded>
      </Section>
      <Section title={t('tenants.new')}>
        <p class="section-help">{t('tenants.planHelp')}</p>
        <Form
          class="form-inline"
          noValidate
          onSubmit={() => {
            setTried(true);
            if (name.trim() && (plan !== 'custom' || !rateProblem(rate))) void create.run();
          }}
        >
          <TextField
            label={t('tenants.name')}
            value={name}
            onValue={setName}
            maxLength={200}
            error={(tried && !name.trim() ? t('validation.required') : undefined) ?? create.error?.fieldMessage('name')}
          />
          <SelectField
            label={t('tenants.plan')}
            value={plan}
            onValue={(v) => setPlan(v as Plan)}
            options={PLANS.map((p) => ({ value: p, label: t(`plan.${p}`) }))}
          />
          {plan === 'custom' && (
            <TextField
              label={t('tenants.rate')}
              type="number"
              min={1}
              value={rate}
              onValue={setRate}
              error={(tried ? rateProblem(rate) : undefined) ?? create.error?.fieldMessage('rate_limit_rps')}
            />
          )}
          <label class="checkbox">
            <input type="checkbox" checked={defaultScenarios} onChange={(e) => setDefaultScenarios(e.currentTarget.checked)} />
            {t('tenants.defaultScenarios')}
          </label>
          <button type="submit" class="button button-primary" disabled={create.pending}>
            {t('tenants.create')}
          </button>
        </Form>
        <FormProblem error={create.error} />
      </Section>
    </Page>
  );
}
