import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, query, tenantApi } from '../api/client.js';
import type { Scenario, SourceRef, UserDetail } from '../api/api-types.js';
import type { operations } from '../api/openapi.js';
import { Link } from '../components/link.js';
import { Problem } from '../components/problem.js';
import { DataTable } from '../components/data-table.js';
import { TextField } from '../components/field.js';
import { Form } from '../components/form.js';
import { LoadingOrProblem } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { useLang, useT, type Lang } from '../i18n/index.js';
import { formatDateTime } from '../lib/format.js';
import { navigate, tenantPath } from '../lib/router.js';
import { useAction, useResource } from '../lib/use-resource.js';
import { UserEvents } from './user-events.js';

type UserFound = operations['getAdminTenantsByTenantIdUsers']['responses'][200]['content']['application/json']['users'][number];

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
  const scenarios = useResource(() => api.get<{ scenarios: Scenario[] }>(tenantApi(tenantId, 'scenarios')), [tenantId]);
  if (!user.data) return <LoadingOrProblem error={user.error} />;
  const u = user.data;
  const properties = Object.entries(u.properties);
  const feeds = (scenarios.data?.scenarios ?? []).filter((s) => s.type === 'feed');
  return (
    <>
      <Section title={t('users.feed')}>
        {feeds.length === 0 ? (
          <p class="empty">{t('users.noFeedScenario')}</p>
        ) : (
          <p class="button-row">
            {feeds.map((s) => (
              <Link
                key={s.scenario}
                class="button"
                href={`${tenantPath(tenantId, 'scenario', s.scenario)}${query({ user_id: u.user_id })}`}
              >
                {t('users.openFeed', { scenario: s.scenario })}
              </Link>
            ))}
          </p>
        )}
      </Section>
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
          <DataTable
            rows={u.sessions}
            empty={t('users.noSessions')}
            columns={[t('users.started'), t('users.lastEvent'), { label: t('users.events'), num: true }]}
          >
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
      <UserEvents tenantId={tenantId} userId={u.user_id} />
    </>
  );
}

/** Users by the start of their id and by a property, in id order; each opens its page. */
function UserSearch({ tenantId }: { tenantId: string }) {
  const t = useT();
  const lang = useLang();
  const [form, setForm] = useState({ prefix: '', property: '', value: '' });
  const [found, setFound] = useState<{ users: UserFound[]; next: string | null } | null>(null);
  const params = () => ({
    prefix: form.prefix.trim(),
    property: form.property.trim(),
    value: form.property.trim() ? form.value.trim() : '',
  });
  const search = useAction(async (cursor?: string) => {
    const page = await api.get<{ users: UserFound[]; meta: { next_cursor: string | null } }>(
      tenantApi(tenantId, 'users') + query({ ...params(), limit: 50, cursor }),
    );
    setFound((f) => ({ users: [...(cursor && f ? f.users : []), ...page.users], next: page.meta.next_cursor }));
  });
  const set = (name: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [name]: value }));
  return (
    <Section title={t('users.search')}>
      <Form class="form-inline" onSubmit={() => void search.run()}>
        <TextField
          label={t('users.prefix')}
          value={form.prefix}
          onValue={set('prefix')}
          autoComplete="off"
          error={search.error?.fieldMessage('prefix')}
        />
        <TextField
          label={t('users.property')}
          help={t('users.propertyHelp')}
          value={form.property}
          onValue={set('property')}
          autoComplete="off"
          error={search.error?.fieldMessage('property')}
        />
        <TextField
          label={t('users.value')}
          value={form.value}
          onValue={set('value')}
          autoComplete="off"
          error={search.error?.fieldMessage('value')}
        />
        <button type="submit" class="button button-primary" disabled={search.pending}>
          {t('users.searchButton')}
        </button>
      </Form>
      <Problem error={search.error && search.error.fieldProblems.length === 0 ? search.error : undefined} />
      {found && (
        <div class="table-wrap">
          <DataTable
            rows={found.users}
            empty={t('users.noneFound')}
            columns={[t('users.userId'), t('users.properties'), t('users.lastActive')]}
          >
            {(u) => (
              <tr key={u.user_id}>
                <td>
                  <Link href={tenantPath(tenantId, 'users', u.user_id)}>{u.user_id}</Link>
                </td>
                <td class="cell-wrap">
                  {Object.entries(u.properties)
                    .map(([name, value]) => `${name}: ${showValue(value)}`)
                    .join(' · ') || '—'}
                </td>
                <td class="nowrap">{u.last_active_at ? formatDateTime(lang, u.last_active_at) : '—'}</td>
              </tr>
            )}
          </DataTable>
        </div>
      )}
      {found?.next && (
        <p>
          <button type="button" class="button" disabled={search.pending} onClick={() => void search.run(found.next!)}>
            {t('users.more')}
          </button>
        </p>
      )}
    </Section>
  );
}

/** Search users, or look one up by id; the id is in the URL, so a lookup can be shared. */
export function UsersPage({ tenantId, userId }: { tenantId: string; userId?: string }) {
  const t = useT();
  const [input, setInput] = useState(userId ?? '');
  useEffect(() => setInput(userId ?? ''), [userId]);
  return (
    <Page title={t('users.title')}>
      {!userId && <UserSearch tenantId={tenantId} />}
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
