import { useState } from 'preact/hooks';
import { announce } from '../lib/announce.js';
import { api, query, tenantApi } from '../api/client.js';
import type { PushJob, Scenario } from '../api/api-types.js';
import { DataTable } from '../components/data-table.js';
import { Field, SelectField } from '../components/field.js';
import { Form, FormProblem } from '../components/form.js';
import { Loaded, RefreshButton } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { Problem } from '../components/problem.js';
import { StatusBadge } from '../components/status-badge.js';
import { useLang, useT } from '../i18n/index.js';
import { formatDateTime, formatDuration, formatNumber } from '../lib/format.js';
import { splitList } from './algorithm-form.js';
import { useAction, usePolling, useResource } from '../lib/use-resource.js';

const MAX_MANUAL_USERS = 10_000;

/** Saves a completed job's file: a fresh signed URL each time (they last an hour). */
async function download(tenantId: string, jobId: string): Promise<void> {
  const job = await api.get<PushJob>(tenantApi(tenantId, 'push-jobs', jobId));
  if (!job.download_url) throw new Error('no download_url');
  const link = document.createElement('a');
  link.href = job.download_url;
  link.download = `${job.job_id}.jsonl`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

export function PushJobsPage({ tenantId }: { tenantId: string }) {
  const t = useT();
  const lang = useLang();
  const jobs = useResource(() => api.get<{ push_jobs: PushJob[] }>(tenantApi(tenantId, 'push-jobs') + query({ limit: 50 })), [tenantId]);
  const scenarios = useResource(() => api.get<{ scenarios: Scenario[] }>(tenantApi(tenantId, 'scenarios')), [tenantId]);
  const pushScenarios = (scenarios.data?.scenarios ?? []).filter((s) => s.type === 'push').map((s) => s.scenario);
  const [scenario, setScenario] = useState('');
  const [perUser, setPerUser] = useState('1');
  const [userIds, setUserIds] = useState('');
  const [tried, setTried] = useState(false);
  const running = (jobs.data?.push_jobs ?? []).some((j) => j.status === 'pending' || j.status === 'processing');
  usePolling(running, () => void jobs.reload(), 1500);

  const ids = [...new Set(splitList(userIds))];
  const idsError =
    ids.length === 0
      ? t('push.usersRequired')
      : ids.length > MAX_MANUAL_USERS
        ? t('push.usersTooMany', { max: MAX_MANUAL_USERS })
        : undefined;
  const chosen = scenario || pushScenarios[0] || '';

  const start = useAction(async () => {
    // One key per submission: a double click or a retried request starts one job, not two.
    const idempotencyKey = crypto.randomUUID();
    const job = await api.post<PushJob>(
      tenantApi(tenantId, 'push-jobs'),
      { scenario: chosen, candidates_per_user: Number(perUser), target_mode: 'manual', user_ids: ids },
      { 'idempotency-key': idempotencyKey },
    );
    announce(t('done.pushStarted', { job: job.job_id, users: ids.length }));
    setUserIds('');
    setTried(false);
    await jobs.reload();
  });
  const save = useAction((jobId: string) => download(tenantId, jobId));

  return (
    <Page title={t('push.title')}>
      <Section title={t('push.start')}>
        <p class="section-help">{t('push.startHelp')}</p>
        {scenarios.data && pushScenarios.length === 0 ? (
          <p class="empty">{t('push.noScenario')}</p>
        ) : (
          <Form
            class="form-grid"
            noValidate
            onSubmit={() => {
              setTried(true);
              if (!idsError) void start.run();
            }}
          >
            <SelectField
              label={t('push.scenario')}
              value={chosen}
              onValue={setScenario}
              options={pushScenarios.map((s) => ({ value: s, label: s }))}
              error={start.error?.fieldMessage('scenario')}
            />
            <SelectField
              label={t('push.perUser')}
              help={t('push.perUserHelp')}
              value={perUser}
              onValue={setPerUser}
              options={['1', '2', '3'].map((n) => ({ value: n, label: n }))}
            />
            <Field
              label={t('push.userIds')}
              help={t('push.userIdsHelp')}
              error={(tried ? idsError : undefined) ?? start.error?.fieldMessage('user_ids')}
              class="field-span"
            >
              {(control) => <textarea {...control} rows={3} value={userIds} onInput={(e) => setUserIds(e.currentTarget.value)} />}
            </Field>
            <FormProblem error={start.error} />
            <div class="form-actions">
              <button type="submit" class="button button-primary" disabled={start.pending}>
                {t('push.startButton')}
              </button>
            </div>
          </Form>
        )}
      </Section>

      <Section title={t('push.recent')} actions={<RefreshButton resource={jobs} />}>
        <Problem error={jobs.error ?? save.error} />
        <Loaded resource={jobs}>
          {(data) => (
            <DataTable
              rows={data.push_jobs}
              empty={t('push.none')}
              columns={[
                t('push.job'),
                t('common.status'),
                t('push.scenario'),
                { label: t('push.users'), num: true },
                { label: t('push.credits'), num: true },
                { label: t('push.duration'), num: true },
                t('common.created'),
                t('push.result'),
              ]}
            >
              {(job) => (
                <tr key={job.job_id}>
                  <td>
                    <code>{job.job_id}</code>
                    <span class="muted">{t(`push.mode.${job.target_mode}`)}</span>
                  </td>
                  <td>
                    <StatusBadge status={job.status} label={t(`push.status.${job.status}`)} />
                  </td>
                  <td>{job.scenario}</td>
                  <td class="num">
                    {formatNumber(lang, job.users_processed)} / {formatNumber(lang, job.users_total)}
                    <span class="muted">{t('push.skipped', { users: formatNumber(lang, job.users_skipped) })}</span>
                  </td>
                  <td class="num">{formatNumber(lang, job.consumed_credits, 1)}</td>
                  <td class="num">{formatDuration(job.duration_ms)}</td>
                  <td class="nowrap">{formatDateTime(lang, job.created_at)}</td>
                  <td>
                    {job.status === 'completed' && (
                      <button
                        type="button"
                        class="button button-small"
                        onClick={() => void save.run(job.job_id)}
                        aria-label={t('push.downloadNamed', { job: job.job_id })}
                      >
                        {t('push.download')}
                      </button>
                    )}
                    {job.error && (
                      <span class="error-text">
                        <code>{job.error.code}</code> {job.error.message}
                      </span>
                    )}
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
