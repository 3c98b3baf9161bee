import { useState } from 'preact/hooks';
import { announce } from '../lib/announce.js';
import { api, tenantApi } from '../api/client.js';
import type { ApiKey, IssuedApiKey } from '../api/api-types.js';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { DataTable } from '../components/data-table.js';
import { TextField } from '../components/field.js';
import { Form, FormProblem } from '../components/form.js';
import { Loaded } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { Problem } from '../components/problem.js';
import { SecretOnce } from '../components/secret-once.js';
import { StatusBadge } from '../components/status-badge.js';
import { useLang, useT } from '../i18n/index.js';
import { formatDateTime } from '../lib/format.js';
import { useAction, useResource } from '../lib/use-resource.js';

export function ApiKeysPage({ tenantId }: { tenantId: string }) {
  const t = useT();
  const lang = useLang();
  const keys = useResource(() => api.get<{ api_keys: ApiKey[] }>(tenantApi(tenantId, 'api-keys')), [tenantId]);
  const [name, setName] = useState('');
  const [issued, setIssued] = useState<IssuedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const create = useAction(async () => {
    const key = await api.post<IssuedApiKey>(tenantApi(tenantId, 'api-keys'), name.trim() ? { name: name.trim() } : {});
    setIssued(key);
    setName('');
    await keys.reload();
  });
  const revoke = useAction(async (key: ApiKey) => {
    await api.delete(tenantApi(tenantId, 'api-keys', key.key_id));
    setRevoking(null);
    announce(t('done.keyRevoked', { name: key.name || `…${key.last4}` }));
    await keys.reload();
  });

  return (
    <Page title={t('keys.title')}>
      <Section title={t('keys.create')}>
        <Form class="form-inline" onSubmit={() => void create.run()}>
          <TextField
            label={t('keys.name')}
            help={t('keys.nameHelp')}
            value={name}
            onValue={setName}
            maxLength={100}
            error={create.error?.fieldMessage('name')}
          />
          <button type="submit" class="button button-primary" disabled={create.pending}>
            {t('keys.createButton')}
          </button>
        </Form>
        <FormProblem error={create.error} fields={['name']} />
        {issued && <SecretOnce label={t('keys.newKey', { name: issued.name })} value={issued.api_key} onDismiss={() => setIssued(null)} />}
      </Section>

      <Section title={t('keys.list')}>
        <Problem error={keys.error ?? revoke.error} />
        <Loaded resource={keys}>
          {({ api_keys }) => (
            <DataTable
              rows={api_keys}
              empty={t('keys.none')}
              columns={[t('keys.name'), t('keys.key'), t('common.created'), t('keys.lastUsed'), t('common.status')]}
              actions
            >
              {(key) => (
                <tr key={key.key_id}>
                  <td>{key.name || '—'}</td>
                  <td>
                    <code>…{key.last4}</code>
                  </td>
                  <td>{formatDateTime(lang, key.created_at)}</td>
                  <td>{key.last_used_at ? formatDateTime(lang, key.last_used_at) : t('keys.neverUsed')}</td>
                  <td>
                    {key.revoked_at ? (
                      <StatusBadge status="revoked" label={t('keys.revokedAt', { at: formatDateTime(lang, key.revoked_at) })} />
                    ) : (
                      <StatusBadge status="active" label={t('keys.active')} />
                    )}
                  </td>
                  <td class="actions">
                    {!key.revoked_at && (
                      <button
                        type="button"
                        class="button button-small button-danger-outline"
                        onClick={() => setRevoking(key)}
                        aria-label={t('keys.revokeNamed', { name: key.name || key.last4 })}
                      >
                        {t('keys.revoke')}
                      </button>
                    )}
                  </td>
                </tr>
              )}
            </DataTable>
          )}
        </Loaded>
      </Section>

      <ConfirmDialog
        open={revoking !== null}
        title={t('keys.revokeTitle')}
        confirmLabel={t('keys.revoke')}
        danger
        pending={revoke.pending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && void revoke.run(revoking)}
      >
        <p>{t('keys.revokeBody', { name: revoking?.name || '', last4: revoking?.last4 ?? '' })}</p>
      </ConfirmDialog>
    </Page>
  );
}
