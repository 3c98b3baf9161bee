import { useEffect, useState } from 'preact/hooks';
import { announce } from '../lib/announce.js';
import { api, query, tenantApi } from '../api/client.js';
import type { WebhookDelivery } from '../api/api-types.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { DataTable } from '../components/data-table.js';
import { TextField } from '../components/field.js';
import { Form, FormProblem } from '../components/form.js';
import { Loaded, RefreshButton } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { Problem } from '../components/problem.js';
import { SecretOnce } from '../components/secret-once.js';
import { StatusBadge } from '../components/status-badge.js';
import { useLang, useT } from '../i18n/index.js';
import { formatDateTime } from '../lib/format.js';
import { useAction, usePolling, useResource } from '../lib/use-resource.js';

export function WebhookPage({ tenantId }: { tenantId: string }) {
  const t = useT();
  const lang = useLang();
  const webhook = useResource(() => api.get<{ url: string | null }>(tenantApi(tenantId, 'webhook')), [tenantId]);
  const deliveries = useResource(
    () => api.get<{ deliveries: WebhookDelivery[] }>(tenantApi(tenantId, 'webhook', 'deliveries') + query({ limit: 20 })),
    [tenantId],
  );
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  useEffect(() => setUrl(webhook.data?.url ?? ''), [webhook.data?.url]);
  const pending = (deliveries.data?.deliveries ?? []).some((d) => d.status === 'pending');
  usePolling(pending, () => void deliveries.reload(), 1500);

  const urlProblem = (value: string) => (/^https?:\/\/\S+$/.test(value.trim()) ? undefined : t('webhook.urlInvalid'));
  const [tried, setTried] = useState(false);

  /** PUT issues a new secret every time: saving a URL and rotating are the same call. */
  const save = useAction(async (target: string) => {
    const result = await api.put<{ url: string; secret: string }>(tenantApi(tenantId, 'webhook'), { url: target });
    setSecret(result.secret);
    setTried(false);
    await webhook.reload();
  });
  const remove = useAction(async () => {
    await api.delete(tenantApi(tenantId, 'webhook'));
    setSecret(null);
    announce(t('done.webhookRemoved'));
    await webhook.reload();
  });
  const test = useAction(async () => {
    await api.post(tenantApi(tenantId, 'webhook', 'test'));
    setNotice(t('webhook.testQueued'));
    await deliveries.reload();
  });
  const resend = useAction(async (id: string) => {
    await api.post(tenantApi(tenantId, 'webhook', 'deliveries', id, 'resend'));
    setNotice(t('webhook.resent'));
    await deliveries.reload();
  });

  const current = webhook.data?.url ?? null;

  return (
    <Page title={t('webhook.title')}>
      <Section title={t('webhook.endpoint')}>
        <Problem error={webhook.error} />
        <Loaded resource={webhook}>
          {() => (
            <>
              <p class="section-help">{current ? t('webhook.current', { url: current }) : t('webhook.noneSet')}</p>
              <Form
                class="form-inline"
                noValidate
                onSubmit={() => {
                  setTried(true);
                  if (!urlProblem(url)) void save.run(url.trim());
                }}
              >
                <TextField
                  label={t('webhook.url')}
                  help={t('webhook.urlHelp')}
                  type="url"
                  value={url}
                  onValue={setUrl}
                  error={(tried ? urlProblem(url) : undefined) ?? save.error?.fieldMessage('url')}
                  class="input-wide"
                  autoComplete="off"
                />
                <button type="submit" class="button button-primary" disabled={save.pending}>
                  {t('webhook.save')}
                </button>
              </Form>
              <FormProblem error={save.error} fields={['url']} />
              {secret && <SecretOnce label={t('webhook.secret')} value={secret} onDismiss={() => setSecret(null)} />}
              {current && (
                <div class="button-row">
                  <ConfirmButton
                    class="button"
                    label={t('webhook.rotate')}
                    title={t('webhook.rotateTitle')}
                    pending={save.pending}
                    onConfirm={() => save.run(current)}
                  >
                    <p>{t('webhook.rotateBody')}</p>
                  </ConfirmButton>
                  <button type="button" class="button" onClick={() => void test.run()} disabled={test.pending}>
                    {t('webhook.test')}
                  </button>
                  <ConfirmButton
                    label={t('webhook.remove')}
                    title={t('webhook.removeTitle')}
                    pending={remove.pending}
                    onConfirm={remove.run}
                  >
                    <p>{t('webhook.removeBody')}</p>
                  </ConfirmButton>
                </div>
              )}
              <Problem error={test.error} compact />
              <p class="form-status" role="status">
                {notice}
              </p>
            </>
          )}
        </Loaded>
      </Section>

      <Section title={t('webhook.deliveries')} actions={<RefreshButton resource={deliveries} />}>
        <Problem error={deliveries.error ?? resend.error} />
        <Loaded resource={deliveries}>
          {(data) => (
            <DataTable
              rows={data.deliveries}
              empty={t('webhook.noDeliveries')}
              columns={[
                t('common.created'),
                t('webhook.event'),
                t('common.status'),
                { label: t('webhook.statusCode'), num: true },
                { label: t('webhook.attempts'), num: true },
                t('webhook.nextRetry'),
                t('webhook.lastError'),
              ]}
              actions
            >
              {(d) => (
                <tr key={d.id}>
                  <td class="nowrap">{formatDateTime(lang, d.created_at)}</td>
                  <td>
                    <code>{d.type}</code>
                  </td>
                  <td>
                    <StatusBadge status={d.status} label={t(`delivery.${d.status}`)} />
                  </td>
                  <td class="num">{d.last_status_code ?? '—'}</td>
                  <td class="num">{d.attempts}</td>
                  <td class="nowrap">{d.next_attempt_at ? formatDateTime(lang, d.next_attempt_at) : '—'}</td>
                  <td class="cell-wrap error-cell">{d.last_error ?? '—'}</td>
                  <td class="actions">
                    <button
                      type="button"
                      class="button button-small"
                      onClick={() => void resend.run(d.id)}
                      disabled={resend.pending}
                      aria-label={t('webhook.resendNamed', { id: d.id })}
                    >
                      {t('webhook.resend')}
                    </button>
                  </td>
                </tr>
              )}
            </DataTable>
          )}
        </Loaded>
      </Section>
    </Page>
  );
}
