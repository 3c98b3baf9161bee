import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, tenantApi } from '../api/client.js';
import type { SourceRef, UserDetail } from '../api/api-types.js';
import { DataTable } from '../components/data-table.js';
import { TextField } from '../components/field.js';
import { Form } from '../components/form.js';
import { LoadingOrProblem } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { useLang, useT, type Lang } from '../i18n/index.js';
import { formatDateTime } from '../lib/format.js';
import { navigate, tenantPath } from '../lib/router.js';
import { useResource } from '../lib/use-resource.js';

function showValue(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function SourceList({ sources, empty, lang }: { sources: SourceRef[]; empty: string; lang: Lang }) {
  if (sources.length === 0) return <p class="empty">{empty}</p>;
  return (
    <ul class="plain-list">
      {sources.map((s) => (
        <li key={s.id}>
          {s.name} <code class="muted">{s.id}</code>
          {s.since && <span class="muted"> · {formatDateTime(lang, s.since)}</span>}
        </li>
      ))}
    </ul>
  );
}

function UserDetails({ tenantId, userId }: { tenantId: string; userId: string }) {
  const t = useT();
  const lang = useLang();
  const user = useResource(() => api.get<UserDetail>(tenantApi(tenantId, 'users', userId)), [tenantId, userId]);
  if (!user.data) return <LoadingOrProblem error={user.error} />;
  const u = user.data;
  const properties = Object.entries(u.properties);
  return (
    <>
      <div class="two-columns">
        <Section title={t('users.profile')}>
          <dl class="facts">
            <dt>{t('users.userId')}</dt>
            <dd>
              <code>{u.user_id}</code>
            </dd>
            <dt>{t('common.created')}</dt>
            <dd>{formatDateTime(lang, u.created_at)}</dd>
            <dt>{t('users.lastActive')}</dt>
            <dd>{formatDateTime(lang, u.last_active_at)}</dd>
            {properties.map(([name, value]) => (
              <Fragment key={name}>
                <dt>
                  <code>{name}</code>
                </dt>
                <dd>{showValue(value)}</dd>
              </Fragment>
            ))}
          </dl>
          {properties.length === 0 && <p class="empty">{t('users.noProperties')}</p>}
        </Section>
        <Section title={t('users.sources')}>
          <h3>{t('users.followed')}</h3>
          <SourceList sources={u.followed_sources} empty={t('users.noneFollowed')} lang={lang} />
          <h3>{t('users.blocked')}</h3>
          <SourceList sources={u.blocked_sources} empty={t('users.noneBlocked')} lang={lang} />
        </Section>
      </div>
      <div class="two-columns">
        <Section title={t('users.reads')}>
          <DataTable rows={u.recent_reads} empty={t('users.noReads')} columns={[t('users.readAt'), t('users.article'), t('users.channel')]}>
            {(r) => (
              <tr key={`${r.content_id}-${r.read_at}`}>
                <td class="nowrap">{formatDateTime(lang, r.read_at)}</td>
                <td>{r.title}</td>
                <td>{r.channel}</td>
              </tr>
            )}
          </DataTable>
        </Section>
        <Section title={t('users.sessions')}>
          <DataTable rows={u.sessions} empty={t('users.noSessions')} columns={[t('users.started'), t('users.lastEvent'), { label: t('users.events'), num: true }]}>
            {(s) => (
              <tr key={s.session_id}>
                <td class="nowrap">{formatDateTime(lang, s.started_at)}</td>
                <td class="nowrap">{formatDateTime(lang, s.last_event_at)}</td>
                <td class="num">{s.events}</td>
              </tr>
            )}
          </DataTable>
        </Section>
      </div>
    </>
  );
}

/** Look a user up by id; the id is in the URL, so a lookup can be shared. */
export function UsersPage({ tenantId, userId }: { tenantId: string; userId?: string }) {
  const t = useT();
  const [input, setInput] = useState(userId ?? '');
  useEffect(() => setInput(userId ?? ''), [userId]);
  return (
    <Page title={t('users.title')}>
      <Section title={t('users.lookup')}>
        <Form
          class="form-inline"
          onSubmit={() => {
            if (input.trim()) navigate(tenantPath(tenantId, 'users', input.trim()));
          }}
        >
          <TextField label={t('users.userId')} help={t('users.lookupHelp')} value={input} onValue={setInput} required autoComplete="off" />
          <button type="submit" class="button button-primary">
            {t('users.lookupButton')}
          </button>
        </Form>
      </Section>
      {userId && <UserDetails tenantId={tenantId} userId={userId} />}
    </Page>
  );
}
