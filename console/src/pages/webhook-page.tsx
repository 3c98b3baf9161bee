import { useEffect, useState } from 'preact/hooks';
import { api, query, tenantApi } from '../api/client.js';
import type { WebhookDelivery } from '../api/types.js';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { TextField } from '../components/field.js';
import { Loading, Page, Section } from '../components/page.js';
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
  const [confirm, setConfirm] = useState<'rotate' | 'remove' | null>(null);
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
    setConfirm(null);
    setTried(false);
    await webhook.reload();
  });
  const remove = useAction(async () => {
    await api.delete(tenantApi(tenantId, 'webhook'));
    setConfirm(null);
    setSecret(null);
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
        {!webhook.data && !webhook.error && <Loading />}
        {webhook.data && (
          <>
            <p class="section-help">{current ? t('webhook.current', { url: current }) : t('webhook.noneSet')}</p>
            <form
              class="form-inline"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
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
            </form>
            {save.error && !save.error.fieldMessage('url') && <Problem error={save.error} compact />}
            {secret && <SecretOnce label={t('webhook.secret')} value={secret} onDismiss={() => setSecret(null)} />}
            {current && (
              <div class="button-row">
                <button type="button" class="button" onClick={() => setConfirm('rotate')}>
                  {t('webhook.rotate')}
                </button>
                <button type="button" class="button" onClick={() => void test.run()} disabled={test.pending}>
                  {t('webhook.test')}
                </button>
                <button type="button" class="button button-danger-outline" onClick={() => setConfirm('remove')}>
                  {t('webhook.remove')}
                </button>
              </div>
            )}
            <Problem error={test.error} compact />
            <p class="form-status" role="status">
              {notice}
            </p>
          </>
        )}
      </Section>

      <Section
        title={t('webhook.deliveries')}
        actions={
          <button type="button" class="button button-small" onClick={() => void deliveries.reload()}>
            {t('common.refresh')}
          </button>
        }
      >
        <Problem error={deliveries.error ?? resend.error} />
        {!deliveries.data ? (
          !deliveries.error && <Loading />
        ) : deliveries.data.deliveries.length === 0 ? (
          <p class="empty">{t('webhook.noDeliveries')}</p>
        ) : (
          <table class="table">
            <thead>
              <tr>
                <th scope="col">{t('common.created')}</th>
                <th scope="col">{t('webhook.event')}</th>
                <th scope="col">{t('common.status')}</th>
                <th scope="col" class="num">{t('webhook.statusCode')}</th>
                <th scope="col" class="num">{t('webhook.attempts')}</th>
                <th scope="col">{t('webhook.nextRetry')}</th>
                <th scope="col">{t('webhook.lastError')}</th>
                <th scope="col">
                  <span class="visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.deliveries.map((d) => (
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
                    <button type="button" class="button button-small" onClick={() => void resend.run(d.id)} disabled={resend.pending} aria-label={t('webhook.resendNamed', { id: d.id })}>
                      {t('webhook.resend')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>

      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'remove' ? t('webhook.removeTitle') : t('webhook.rotateTitle')}
        confirmLabel={confirm === 'remove' ? t('webhook.remove') : t('webhook.rotate')}
        danger
        pending={save.pending || remove.pending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => (confirm === 'remove' ? void remove.run() : current && void save.run(current))}
      >
        <p>{confirm === 'remove' ? t('webhook.removeBody') : t('webhook.rotateBody')}</p>
      </ConfirmDialog>
    </Page>
  );
}
