import { useState } from 'preact/hooks';
import { api, query, tenantApi } from '../api/client.js';
import type { components } from '../api/openapi.js';
import { DataTable } from '../components/data-table.js';
import { Loaded, RefreshButton } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { Problem } from '../components/problem.js';
import { useLang, useT } from '../i18n/index.js';
import { formatDateTime } from '../lib/format.js';
import { useAction, useResource } from '../lib/use-resource.js';

type AuditEntry = components['schemas']['AuditEntry'];
interface AuditPage {
  entries: AuditEntry[];
  meta: { next_cursor: string | null };
}

const PAGE_SIZE = 50;

/** The body of a change as one line; null (a DELETE, a POST without body) as nothing. */
const changesText = (changes: unknown) => (changes === null || changes === undefined ? '' : JSON.stringify(changes));

/**
 * Who changed what, newest first: a tenant's changes (its members see this), or
 * with no tenant every change (operators). Older entries load below on request.
 */
export function AuditLogPage({ tenantId }: { tenantId?: string }) {
  const t = useT();
  const lang = useLang();
  const url = tenantId === undefined ? '/admin/v1/audit-log' : tenantApi(tenantId, 'audit-log');
  const first = useResource(() => api.get<AuditPage>(url + query({ limit: PAGE_SIZE })), [url]);
  const [older, setOlder] = useState<{ entries: AuditEntry[]; next: string | null } | null>(null);
  const next = older ? older.next : (first.data?.meta.next_cursor ?? null);
  const more = useAction(async () => {
    const page = await api.get<AuditPage>(url + query({ limit: PAGE_SIZE, cursor: next }));
    setOlder({ entries: [...(older?.entries ?? []), ...page.entries], next: page.meta.next_cursor });
  });
  const reload = { ...first, reload: async () => (setOlder(null), first.reload()) };

  return (
    <Page title={t('audit.title')}>
      <p class="lede">{t(tenantId === undefined ? 'audit.introAll' : 'audit.intro')}</p>
      <Section title={t('audit.changes')} actions={<RefreshButton resource={reload} />}>
        <Problem error={first.error ?? more.error} />
        <Loaded resource={first}>
          {(data) => (
            <DataTable
              rows={[...data.entries, ...(older?.entries ?? [])]}
              empty={t('audit.none')}
              class="table table-audit"
              columns={[
                t('audit.when'),
                t('audit.who'),
                t('audit.change'),
                ...(tenantId === undefined ? [t('audit.tenant')] : []),
                t('audit.details'),
              ]}
            >
              {(entry) => (
                <tr key={entry.id}>
                  <td class="nowrap">{formatDateTime(lang, entry.at)}</td>
                  <td>
                    {entry.actor === 'operator token' ? t('audit.operatorToken') : entry.actor}
                    <span class="muted">{t(`role.${entry.actor_role}`)}</span>
                  </td>
                  <td>
                    <code>
                      {entry.method} {entry.target}
                    </code>
                  </td>
                  {tenantId === undefined && <td>{entry.tenant_id ? <code>{entry.tenant_id}</code> : '—'}</td>}
                  <td>
                    <code class="audit-details" title={changesText(entry.changes)}>
                      {changesText(entry.changes)}
                    </code>
                  </td>
                </tr>
              )}
            </DataTable>
          )}
        </Loaded>
        {next && (
          <p>
            <button type="button" class="button" disabled={more.pending} onClick={() => void more.run()}>
              {t('audit.more')}
            </button>
          </p>
        )}
      </Section>
    </Page>
  );
}
