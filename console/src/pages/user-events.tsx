import { useEffect, useState } from 'preact/hooks';
import { api, query, tenantApi } from '../api/client.js';
import type { operations } from '../api/openapi.js';
import { DataTable } from '../components/data-table.js';
import { Section } from '../components/page.js';
import { Problem } from '../components/problem.js';
import { useLang, useT } from '../i18n/index.js';
import { formatDateTime } from '../lib/format.js';
import { useAction } from '../lib/use-resource.js';

type UserEventsPage = operations['getAdminTenantsByTenantIdUsersByUserIdEvents']['responses'][200]['content']['application/json'];
type UserEvent = UserEventsPage['events'][number];
const PAGE = 20;

/** A user's recent events, newest received first; older ones on request. */
export function UserEvents({ tenantId, userId }: { tenantId: string; userId: string }) {
  const t = useT();
  const lang = useLang();
  const [shown, setShown] = useState<{ events: UserEvent[]; next: string | null } | null>(null);
  const load = useAction(async (cursor?: string) => {
    const page = await api.get<UserEventsPage>(tenantApi(tenantId, 'users', userId, 'events') + query({ limit: PAGE, cursor }));
    setShown((s) => ({ events: [...(cursor && s ? s.events : []), ...page.events], next: page.meta.next_cursor }));
  });
  useEffect(() => {
    setShown(null);
    void load.run();
  }, [tenantId, userId]);

  return (
    <Section title={t('users.recentEvents')}>
      <Problem error={load.error} />
      {shown && (
        <div class="table-wrap">
          <DataTable
            rows={shown.events}
            empty={t('users.noEvents')}
            columns={[
              t('users.eventAt'),
              t('users.eventType'),
              t('users.article'),
              t('users.channel'),
              t('users.eventScenario'),
              t('users.eventSession'),
            ]}
          >
            {(e) => (
              <tr key={e.seq}>
                <td class="nowrap">{formatDateTime(lang, e.occurred_at)}</td>
                <td class="nowrap">
                  <code>{e.type}</code>
                  {!e.applied && <span class="muted"> · {t('users.eventPending')}</span>}
                </td>
                <td class="cell-wrap">{e.title ?? (e.content_id ? <code class="muted">{e.content_id}</code> : '—')}</td>
                <td>{e.channel ?? '—'}</td>
                <td>{e.scenario ?? '—'}</td>
                <td class="cell-wrap">
                  <code class="muted">{e.session_id}</code>
                </td>
              </tr>
            )}
          </DataTable>
        </div>
      )}
      {shown?.next && (
        <p>
          <button type="button" class="button" disabled={load.pending} onClick={() => void load.run(shown.next!)}>
            {t('users.moreEvents')}
          </button>
        </p>
      )}
    </Section>
  );
}
