import { useEffect, useState } from 'preact/hooks';
import { api, tenantApi } from '../api/client.js';
import type { Tenant } from '../api/api-types.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { TextField } from '../components/field.js';
import { Form, FormProblem } from '../components/form.js';
import { LoadingOrProblem } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { useLang, useT } from '../i18n/index.js';
import { formatDateTime, formatNumber } from '../lib/format.js';
import { useAction, useResource } from '../lib/use-resource.js';

export function UsageCapPage({ tenantId }: { tenantId: string }) {
  const t = useT();
  const lang = useLang();
  const tenant = useResource(() => api.get<Tenant>(tenantApi(tenantId)), [tenantId]);
  const [cap, setCap] = useState('');
  const [tried, setTried] = useState(false);
  const [notice, setNotice] = useState('');
  useEffect(
    () => setCap(tenant.data?.usage_cap_credits === null || !tenant.data ? '' : String(tenant.data.usage_cap_credits)),
    [tenant.data?.usage_cap_credits],
  );

  const capProblem = (() => {
    const value = Number(cap);
    if (cap.trim() === '') return t('validation.required');
    if (!Number.isFinite(value) || value < 0) return t('usage.capInvalid');
    return undefined;
  })();

  const update = useAction(async (value: number | null) => {
    await api.patch<Tenant>(tenantApi(tenantId), { usage_cap_credits: value });
    setTried(false);
    setNotice(value === null ? t('usage.removed') : t('usage.saved'));
    await tenant.reload();
  });

  if (!tenant.data)
    return (
      <Page title={t('usage.title')}>
        <LoadingOrProblem error={tenant.error} />
      </Page>
    );
  const current = tenant.data.usage_cap_credits;
  const used = tenant.data.current_cycle.used_credits;

  return (
    <Page title={t('usage.title')}>
      <Section title={t('usage.current')}>
        <dl class="facts">
          <dt>{t('usage.cap')}</dt>
          <dd>{current === null ? t('usage.noCap') : t('usage.credits', { n: formatNumber(lang, current, 1) })}</dd>
          <dt>{t('usage.used')}</dt>
          <dd>{t('usage.credits', { n: formatNumber(lang, used, 1) })}</dd>
          <dt>{t('usage.cycleEnds')}</dt>
          <dd>{formatDateTime(lang, tenant.data.current_cycle.ends_at)}</dd>
        </dl>
        <p class="section-help">{t('usage.help')}</p>
      </Section>
      <Section title={current === null ? t('usage.set') : t('usage.change')}>
        <Form
          class="form-inline"
          noValidate
          onSubmit={() => {
            setTried(true);
            if (!capProblem) void update.run(Number(cap));
          }}
        >
          <TextField
            label={t('usage.capLabel')}
            help={t('usage.capHelp')}
            type="number"
            min={0}
            step="1"
            inputMode="decimal"
            value={cap}
            onValue={setCap}
            error={(tried ? capProblem : undefined) ?? update.error?.fieldMessage('usage_cap_credits')}
          />
          <button type="submit" class="button button-primary" disabled={update.pending}>
            {current === null ? t('usage.setButton') : t('usage.changeButton')}
          </button>
          {current !== null && (
            <ConfirmButton
              label={t('usage.remove')}
              title={t('usage.removeTitle')}
              pending={update.pending}
              onConfirm={() => update.run(null)}
            >
              <p>{t('usage.removeBody')}</p>
            </ConfirmButton>
          )}
        </Form>
        <FormProblem error={update.error} fields={['usage_cap_credits']} />
        <p class="form-status" role="status">
          {notice}
        </p>
      </Section>
    </Page>
  );
}
