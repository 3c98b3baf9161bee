import { useState } from 'preact/hooks';
import { announce } from '../lib/announce.js';
import { api, query } from '../api/client.js';
import type { CrawlResult, Source } from '../api/api-types.js';
import { DataTable } from '../components/data-table.js';
import { Field, SelectField, TextField } from '../components/field.js';
import { Form, FormProblem } from '../components/form.js';
import { Loaded } from '../components/loaded.js';
import { Link } from '../components/link.js';
import { BASE } from '../lib/router.js';
import { sourcePath } from './source-page.js';
import { Page, Section } from '../components/page.js';
import { Problem } from '../components/problem.js';
import { StatusBadge } from '../components/status-badge.js';
import { useLang, useT } from '../i18n/index.js';
import { formatDateTime } from '../lib/format.js';
import { useAction, useResource } from '../lib/use-resource.js';

const TRUST_LEVELS = [0, 1, 2, 3] as const;
const sourceApi = (id: string, ...rest: string[]) => ['/admin/v1/sources', encodeURIComponent(id), ...rest].join('/');

/** Operators: every licensed source, its review (trust level) and crawl health; crawl one now. */
export function SourcesPage() {
  const t = useT();
  const lang = useLang();
  const sources = useResource(() => api.get<{ sources: Source[] }>('/admin/v1/sources'), []);
  const [results, setResults] = useState<Record<string, string>>({});
  const [form, setForm] = useState({ name: '', feed_url: '', trust_level: '0', language: 'ja', category: '' });
  const [tried, setTried] = useState(false);

  const crawl = useAction(async (source: Source) => {
    setResults((r) => ({ ...r, [source.id]: t('sources.crawling') }));
    const result = await api.post<CrawlResult>(sourceApi(source.id, 'crawl') + '?wait=true');
    const c = result.counts;
    const text = result.error
      ? t('sources.crawlFailed', { error: result.error })
      : c
        ? t('sources.crawlCounts', { new: c.new, updated: c.updated, duplicate: c.duplicate, unchanged: c.unchanged, failed: c.failed })
        : result.status;
    setResults((r) => ({ ...r, [source.id]: text }));
    await sources.reload();
  });
  const setTrust = useAction(async (source: Source, level: number) => {
    await api.patch(sourceApi(source.id), { trust_level: level });
    announce(t('done.trustChanged', { name: source.name, level, label: t(`trust.${level}` as 'trust.0') }));
    await sources.reload();
  });
  const create = useAction(async () => {
    await api.post('/admin/v1/sources', {
      name: form.name.trim(),
      trust_level: Number(form.trust_level),
      ...(form.feed_url.trim() ? { feed_url: form.feed_url.trim() } : {}),
      ...(form.language.trim() ? { language: form.language.trim() } : {}),
      ...(form.category.trim() ? { category: form.category.trim() } : {}),
    });
    announce(t('done.sourceCreated', { name: form.name.trim() }));
    setForm({ name: '', feed_url: '', trust_level: '0', language: 'ja', category: '' });
    setTried(false);
    await sources.reload();
  });
  const field = (name: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [name]: value }));
  const urlProblem = form.feed_url.trim() && !/^https?:\/\/\S+$/.test(form.feed_url.trim()) ? t('webhook.urlInvalid') : undefined;

  return (
    <Page title={t('sources.title')}>
      <Section title={t('sources.list')}>
        <Problem error={sources.error ?? crawl.error ?? setTrust.error} />
        <Loaded resource={sources}>
          {(data) =>
            data.sources.length === 0 ? (
              <p class="empty">{t('sources.none')}</p>
            ) : (
              <div class="table-wrap">
                <DataTable
                  rows={data.sources}
                  columns={[t('sources.name'), t('sources.trust'), t('sources.crawl'), t('sources.lastError')]}
                  actions
                >
                  {(s) => (
                    <tr key={s.id}>
                      <td class="source-name">
                        <Link href={sourcePath(s.id)}>
                          <strong>{s.name}</strong>
                        </Link>
                        <span class="muted">{s.feed_url ?? t('sources.noFeed')}</span>
                        <Link class="muted" href={`${BASE}/articles${query({ source_id: s.id })}`}>
                          {t('sources.articles', { n: s.articles })}
                        </Link>
                      </td>
                      <td>
                        <Field label={t('sources.trustFor', { name: s.name })} class="field-bare">
                          {(control) => (
                            <select
                              {...control}
                              value={String(s.trust_level)}
                              disabled={setTrust.pending}
                              onChange={(e) => void setTrust.run(s, Number(e.currentTarget.value))}
                            >
                              {TRUST_LEVELS.map((level) => (
                                <option key={level} value={String(level)}>
                                  {level} — {t(`trust.${level}`)}
                                </option>
                              ))}
                            </select>
                          )}
                        </Field>
                      </td>
                      <td class="crawl-cell">
                        <StatusBadge status={s.crawl.state} label={t(`crawl.${s.crawl.state}`)} />
                        {s.crawl.error_count > 0 && <span class="muted">{t('sources.errors', { n: s.crawl.error_count })}</span>}
                        {s.crawl.last_crawled_at && (
                          <span class="muted">{t('sources.lastCrawl', { at: formatDateTime(lang, s.crawl.last_crawled_at) })}</span>
                        )}
                        {s.feed_url && s.active && (
                          <span class="muted">
                            {t('sources.nextAttempt', {
                              at: s.crawl.next_crawl_at ? formatDateTime(lang, s.crawl.next_crawl_at) : t('sources.dueNow'),
                            })}
                          </span>
                        )}
                        <span class="muted" role="status">
                          {results[s.id] ?? ''}
                        </span>
                      </td>
                      <td class="cell-wrap">{s.crawl.last_error ?? '—'}</td>
                      <td class="actions">
                        {s.feed_url && (
                          <button
                            type="button"
                            class="button button-small"
                            disabled={crawl.pending}
                            onClick={() => void crawl.run(s)}
                            aria-label={t('sources.crawlNamed', { name: s.name })}
                          >
                            {t('sources.crawlNow')}
                          </button>
                        )}
                      </td>
                    </tr>
                  )}
                </DataTable>
              </div>
            )
          }
        </Loaded>
      </Section>
      <Section title={t('sources.new')}>
        <Form
          class="form-grid"
          noValidate
          onSubmit={() => {
            setTried(true);
            if (form.name.trim() && !urlProblem) void create.run();
          }}
        >
          <TextField
            label={t('sources.name')}
            value={form.name}
            onValue={field('name')}
            maxLength={200}
            error={(tried && !form.name.trim() ? t('validation.required') : undefined) ?? create.error?.fieldMessage('name')}
          />
          <TextField
            label={t('sources.feedUrl')}
            help={t('sources.feedUrlHelp')}
            type="url"
            value={form.feed_url}
            onValue={field('feed_url')}
            error={(tried ? urlProblem : undefined) ?? create.error?.fieldMessage('feed_url')}
          />
          <SelectField
            label={t('sources.trust')}
            help={t('sources.trustHelp')}
            value={form.trust_level}
            onValue={field('trust_level')}
            options={TRUST_LEVELS.map((level) => ({ value: String(level), label: `${level} — ${t(`trust.${level}`)}` }))}
          />
          <TextField
            label={t('sources.language')}
            value={form.language}
            onValue={field('language')}
            maxLength={3}
            error={create.error?.fieldMessage('language')}
          />
          <TextField
            label={t('sources.category')}
            value={form.category}
            onValue={field('category')}
            error={create.error?.fieldMessage('category')}
          />
          <FormProblem error={create.error} />
          <div class="form-actions">
            <button type="submit" class="button button-primary" disabled={create.pending}>
              {t('sources.create')}
            </button>
          </div>
        </Form>
      </Section>
    </Page>
  );
}
