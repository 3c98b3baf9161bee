import { useEffect, useState } from 'preact/hooks';
import { api, query } from '../api/client.js';
import type { Source } from '../api/api-types.js';
import type { components } from '../api/openapi.js';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { DataTable } from '../components/data-table.js';
import { SelectField, TextField } from '../components/field.js';
import { Form, FormProblem } from '../components/form.js';
import { Link } from '../components/link.js';
import { Loaded, LoadingOrProblem, RefreshButton } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { Problem } from '../components/problem.js';
import { StatusBadge } from '../components/status-badge.js';
import { useLang, useT } from '../i18n/index.js';
import { announce } from '../lib/announce.js';
import { formatDateTime } from '../lib/format.js';
import { BASE, navigate } from '../lib/router.js';
import { useAction, useResource } from '../lib/use-resource.js';

type CrawlRecord = components['schemas']['CrawlRecord'];
const TRUST_LEVELS = [0, 1, 2, 3] as const;
export const sourcePath = (id: string) => `${BASE}/sources/${encodeURIComponent(id)}`;
const sourceApi = (id: string, ...rest: string[]) => ['/admin/v1/sources', encodeURIComponent(id), ...rest].join('/');

interface SourceForm {
  name: string;
  feed_url: string;
  crawl_interval_seconds: string;
  trust_level: string;
  language: string;
  category: string;
}

const formOf = (s: Source): SourceForm => ({
  name: s.name,
  feed_url: s.feed_url ?? '',
  crawl_interval_seconds: String(s.crawl_interval_seconds),
  trust_level: String(s.trust_level),
  language: s.language ?? '',
  category: s.category ?? '',
});

/** Operators: one source's settings (name, feed, interval, trust), pause or resume, delete, and its last crawls. */
export function SourcePage({ sourceId }: { sourceId: string }) {
  const t = useT();
  const lang = useLang();
  const source = useResource(() => api.get<Source>(sourceApi(sourceId)), [sourceId]);
  const crawls = useResource(() => api.get<{ crawls: CrawlRecord[] }>(sourceApi(sourceId, 'crawls')), [sourceId]);
  const [form, setForm] = useState<SourceForm | null>(null);
  const [tried, setTried] = useState(false);
  const [deleting, setDeleting] = useState(false);
  useEffect(() => {
    if (source.data) setForm(formOf(source.data));
  }, [source.data?.updated_at]);

  const save = useAction(async () => {
    if (!form) return;
    const saved = await api.patch<Source>(sourceApi(sourceId), {
      name: form.name.trim(),
      feed_url: form.feed_url.trim() || null,
      crawl_interval_seconds: Number(form.crawl_interval_seconds),
      trust_level: Number(form.trust_level),
      language: form.language.trim() || null,
      category: form.category.trim() || null,
    });
    setTried(false);
    announce(t('done.sourceSaved', { name: saved.name }));
    await source.reload();
  });
  const pause = useAction(async (active: boolean) => {
    const saved = await api.patch<Source>(sourceApi(sourceId), { active });
    announce(t(active ? 'done.sourceResumed' : 'done.sourcePaused', { name: saved.name }));
    await source.reload();
  });
  const remove = useAction(async () => {
    await api.delete(sourceApi(sourceId));
    setDeleting(false);
    announce(t('done.sourceDeleted', { name: source.data?.name ?? sourceId, n: source.data?.articles ?? 0 }));
    navigate(`${BASE}/sources`);
  });

  const s = source.data;
  if (!s || !form)
    return (
      <Page title={t('source.title')}>
        <LoadingOrProblem error={source.error} />
      </Page>
    );
  const field = (name: keyof SourceForm) => (value: string) => setForm((f) => f && { ...f, [name]: value });
  const interval = Number(form.crawl_interval_seconds);
  const problems = {
    name: form.name.trim() ? undefined : t('validation.required'),
    feed_url: form.feed_url.trim() && !/^https?:\/\/\S+$/.test(form.feed_url.trim()) ? t('webhook.urlInvalid') : undefined,
    crawl_interval_seconds: Number.isInteger(interval) && interval >= 30 && interval <= 86_400 ? undefined : t('source.intervalInvalid'),
    language: form.language.trim() && !/^[a-z]{2,3}$/.test(form.language.trim()) ? t('validation.languages') : undefined,
  };
  const shown = (name: keyof typeof problems) => (tried ? problems[name] : undefined) ?? save.error?.fieldMessage(name);

  return (
    <Page
      title={s.name}
      actions={
        <Link class="button" href={`${BASE}/articles${query({ source_id: s.id })}`}>
          {t('sources.articles', { n: s.articles })}
        </Link>
      }
    >
      <Section title={t('source.state')}>
        <p>
          <StatusBadge status={s.crawl.state} label={t(`crawl.${s.crawl.state}`)} />{' '}
          {s.crawl.last_crawled_at && (
            <span class="muted">{t('sources.lastCrawl', { at: formatDateTime(lang, s.crawl.last_crawled_at) })}</span>
          )}
        </p>
        <Problem error={pause.error ?? remove.error} />
        <div class="button-row">
          <button type="button" class="button" disabled={pause.pending} onClick={() => void pause.run(!s.active)}>
            {t(s.active ? 'source.pause' : 'source.resume')}
          </button>
          <button type="button" class="button button-danger-outline" onClick={() => setDeleting(true)}>
            {t('source.delete')}
          </button>
        </div>
        <p class="section-help">{t(s.active ? 'source.pauseHelp' : 'source.resumeHelp')}</p>
      </Section>
      <Section title={t('source.settings')}>
        <Form
          class="form-grid"
          noValidate
          onSubmit={() => {
            setTried(true);
            if (Object.values(problems).every((p) => p === undefined)) void save.run();
          }}
        >
          <TextField label={t('sources.name')} value={form.name} onValue={field('name')} maxLength={200} error={shown('name')} />
          <TextField
            label={t('sources.feedUrl')}
            help={t('source.feedUrlHelp')}
            value={form.feed_url}
            onValue={field('feed_url')}
            type="url"
            error={shown('feed_url')}
          />
          <TextField
            label={t('source.interval')}
            help={t('source.intervalHelp')}
            type="number"
            min={30}
            value={form.crawl_interval_seconds}
            onValue={field('crawl_interval_seconds')}
            error={shown('crawl_interval_seconds')}
          />
          <SelectField
            label={t('sources.trust')}
            help={t('sources.trustHelp')}
            value={form.trust_level}
            onValue={field('trust_level')}
            options={TRUST_LEVELS.map((level) => ({ value: String(level), label: `${level} — ${t(`trust.${level}`)}` }))}
          />
          <TextField label={t('sources.language')} value={form.language} onValue={field('language')} error={shown('language')} />
          <TextField label={t('sources.category')} value={form.category} onValue={field('category')} />
          <FormProblem error={save.error} fields={['name', 'feed_url', 'crawl_interval_seconds', 'language', 'category', 'trust_level']} />
          <div class="form-actions">
            <button type="submit" class="button button-primary" disabled={save.pending}>
              {t('common.save')}
            </button>
          </div>
        </Form>
      </Section>
      <Section title={t('source.crawls')} actions={<RefreshButton resource={crawls} />}>
        <Problem error={crawls.error} />
        <Loaded resource={crawls}>
          {(data) => (
            <div class="table-wrap">
              <DataTable
                rows={data.crawls}
                empty={t('source.noCrawls')}
                columns={[t('source.crawledAt'), t('common.status'), t('source.found'), t('sources.lastError')]}
              >
                {(crawl) => (
                  <tr key={crawl.at}>
                    <td class="nowrap">{formatDateTime(lang, crawl.at)}</td>
                    <td>
                      <StatusBadge
                        status={crawl.status}
                        label={t(
                          crawl.status === 'failed' ? 'source.crawlFailed' : crawl.not_modified ? 'source.notModified' : 'source.crawlDone',
                        )}
                      />
                    </td>
                    <td>{t('sources.crawlCounts', { ...crawl.counts })}</td>
                    <td class="cell-wrap">{crawl.error ?? '—'}</td>
                  </tr>
                )}
              </DataTable>
            </div>
          )}
        </Loaded>
      </Section>
      <ConfirmDialog
        open={deleting}
        title={t('source.deleteTitle', { name: s.name })}
        confirmLabel={t('source.delete')}
        danger
        pending={remove.pending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => void remove.run()}
      >
        <p>{t('source.deleteBody', { n: s.articles })}</p>
      </ConfirmDialog>
    </Page>
  );
}
