import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import { PLANS, type Plan, type Tenant } from '../api/api-types.js';
import { SelectField, TextField } from '../components/field.js';
import { Form, FormProblem } from '../components/form.js';
import { LoadingOrProblem } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { useT } from '../i18n/index.js';
import { announce } from '../lib/announce.js';
import { BASE, navigate } from '../lib/router.js';
import { useAction, useResource } from '../lib/use-resource.js';
import { Link } from '../components/link.js';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { Problem } from '../components/problem.js';

export const tenantEditPath = (id: string) => `${BASE}/tenants/${encodeURIComponent(id)}`;

interface TenantForm {
  name: string;
  plan: Plan;
  rate: string;
  cap: string;
  anchorDay: string;
}

const formOf = (tenant: Tenant): TenantForm => ({
  name: tenant.name,
  plan: tenant.plan,
  rate: String(tenant.rate_limit_rps),
  cap: tenant.usage_cap_credits === null ? '' : String(tenant.usage_cap_credits),
  anchorDay: String(tenant.billing_anchor_day),
});

/**
 * Operators: one tenant's name, plan and rate, usage cap and billing anchor day, checked as typed and
 * by the server; delete it after typing its name.
 */
export function TenantEditPage({ tenantId }: { tenantId: string }) {
  const t = useT();
  const tenant = useResource(() => api.get<Tenant>(`/admin/v1/tenants/${encodeURIComponent(tenantId)}`), [tenantId]);
  const [form, setForm] = useState<TenantForm | null>(null);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (tenant.data) setForm(formOf(tenant.data));
  }, [tenant.data?.updated_at]);

  const [deleting, setDeleting] = useState(false);
  const [typedName, setTypedName] = useState('');
  const remove = useAction(async () => {
    const id = encodeURIComponent(tenantId);
    await api.delete(`/admin/v1/tenants/${id}?confirm=${id}`);
    setDeleting(false);
    announce(t('done.tenantDeleted', { name: tenant.data?.name ?? tenantId }));
    navigate(`${BASE}/tenants`);
  });
  const save = useAction(async () => {
    if (!form) return;
    const body: Record<string, unknown> = {
      name: form.name.trim(),
      plan: form.plan,
      usage_cap_credits: form.cap.trim() === '' ? null : Number(form.cap),
      billing_anchor_day: Number(form.anchorDay),
    };
    if (form.plan === 'custom') body.rate_limit_rps = Number(form.rate);
    const saved = await api.patch<Tenant>(`/admin/v1/tenants/${encodeURIComponent(tenantId)}`, body);
    setTried(false);
    announce(t('done.tenantSaved', { name: saved.name }));
    await tenant.reload();
  });

  if (!tenant.data || !form)
    return (
      <Page title={t('tenantEdit.title')}>
        <LoadingOrProblem error={tenant.error} />
      </Page>
    );
  const set = (name: keyof TenantForm) => (value: string) => setForm((f) => f && { ...f, [name]: value });
  const rate = Number(form.rate);
  const cap = Number(form.cap);
  const day = Number(form.anchorDay);
  const problems = {
    name: form.name.trim() ? undefined : t('validation.required'),
    rate_limit_rps:
      form.plan !== 'custom' || (Number.isInteger(rate) && rate >= 1 && rate <= 100_000) ? undefined : t('tenants.rateInvalid'),
    usage_cap_credits: form.cap.trim() === '' || (Number.isFinite(cap) && cap >= 0) ? undefined : t('tenantEdit.capInvalid'),
    billing_anchor_day: Number.isInteger(day) && day >= 1 && day <= 28 ? undefined : t('tenantEdit.anchorInvalid'),
  };
  const shown = (name: keyof typeof problems) => (tried ? problems[name] : undefined) ?? save.error?.fieldMessage(name);

  return (
    <Page
      title={t('tenantEdit.titleNamed', { name: tenant.data.name })}
      actions={
        <Link class="button" href={`${BASE}/tenants`}>
          {t('tenantEdit.back')}
        </Link>
      }
    >
      <Section title={t('tenantEdit.settings')}>
        <Form
          class="form-grid"
          noValidate
          onSubmit={() => {
            setTried(true);
            if (Object.values(problems).every((p) => p === undefined)) void save.run();
          }}
        >
          <TextField label={t('tenants.name')} value={form.name} onValue={set('name')} maxLength={200} error={shown('name')} />
          <SelectField
            label={t('tenants.plan')}
            help={t('tenants.planHelp')}
            value={form.plan}
            onValue={set('plan')}
            options={PLANS.map((p) => ({ value: p, label: t(`plan.${p}`) }))}
          />
          {form.plan === 'custom' && (
            <TextField
              label={t('tenants.rate')}
              type="number"
              min={1}
              value={form.rate}
              onValue={set('rate')}
              error={shown('rate_limit_rps')}
            />
          )}
          <TextField
            label={t('tenantEdit.cap')}
            help={t('tenantEdit.capHelp')}
            type="number"
            min={0}
            value={form.cap}
            onValue={set('cap')}
            error={shown('usage_cap_credits')}
          />
          <TextField
            label={t('tenantEdit.anchorDay')}
            help={t('tenantEdit.anchorHelp')}
            type="number"
            min={1}
            value={form.anchorDay}
            onValue={set('anchorDay')}
            error={shown('billing_anchor_day')}
          />
          <FormProblem error={save.error} fields={['name', 'plan', 'rate_limit_rps', 'usage_cap_credits', 'billing_anchor_day']} />
          <div class="form-actions">
            <button type="submit" class="button button-primary" disabled={save.pending}>
              {t('common.save')}
            </button>
          </div>
        </Form>
      </Section>
      <Section title={t('tenantEdit.deleteSection')}>
        <p class="section-help">{t('tenantEdit.deleteHelp')}</p>
        <div class="form-actions">
          <button type="button" class="button button-danger-outline" onClick={() => (setTypedName(''), setDeleting(true))}>
            {t('tenantEdit.delete')}
          </button>
        </div>
      </Section>
      <ConfirmDialog
        open={deleting}
        title={t('tenantEdit.deleteTitle', { name: tenant.data.name })}
        confirmLabel={t('tenantEdit.delete')}
        danger
        // The typed name is the confirmation: the button stays disabled until it matches.
        pending={remove.pending || typedName !== tenant.data.name}
        onCancel={() => setDeleting(false)}
        onConfirm={() => void remove.run()}
      >
        <p>{t('tenantEdit.deleteBody')}</p>
        <TextField
          label={t('tenantEdit.deleteType', { name: tenant.data.name })}
          value={typedName}
          onValue={setTypedName}
          autoComplete="off"
        />
        <Problem error={remove.error} />
      </ConfirmDialog>
    </Page>
  );
}
