import { useState } from 'preact/hooks';
import { api, query } from '../api/client.js';
import type { Source } from '../api/api-types.js';
import type { components } from '../api/openapi.js';
import { DataTable } from '../components/data-table.js';
import { SelectField, TextField } from '../components/field.js';
import { Form } from '../components/form.js';
import { Link } from '../components/link.js';
import { Loaded } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { Problem } from '../components/problem.js';
import { useLang, useT } from '../i18n/index.js';
import { formatDateTime } from '../lib/format.js';
import { BASE, navigate } from '../lib/router.js';
import { useAction, useResource } from '../lib/use-resource.js';

type ArticleSummary = components['schemas']['ArticleSummary'];
interface ArticlePage {
  contents: ArticleSummary[];
  meta: { next_cursor: string | null };
}

const PAGE_SIZE = 50;
/** The filters the page keeps in its address, so a search can be bookmarked or shared. */
const FILTERS = ['q', 'source_id', 'category', 'language'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

export const articlePath = (id: string) => `${BASE}/articles/${encodeURIComponent(id)}`;

function filtersOf(search: string): Filters {
  const params = new URLSearchParams(search);
  return Object.fromEntries(FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));
}

/** Operators: what the crawlers stored, searched and filtered, newest first; each opens with its analysis. */
export function ArticlesPage({ search }: { search: string }) {
  const t = useT();
  const lang = useLang();
  const filters = filtersOf(search);
  const [form, setForm] = useState<Filters>(filters);
  const sources = useResource(() => api.get<{ sources: Source[] }>('/admin/v1/sources'), []);
  const first = useResource(() => api.get<ArticlePage>('/admin/v1/contents' + query({ ...filters, limit: PAGE_SIZE })), [search]);
  const [older, setOlder] = useState<{ key: string; entries: ArticleSummary[]; next: string | null } | null>(null);
  const olderHere = older?.key === search ? older : null;
  const next = olderHere ? olderHere.next : (first.data?.meta.next_cursor ?? null);
  const more = useAction(async () => {
    const page = await api.get<ArticlePage>('/admin/v1/contents' + query({ ...filters, limit: PAGE_SIZE, cursor: next }));
    setOlder({ key: search, entries: [...(olderHere?.entries ?? []), ...page.contents], next: page.meta.next_cursor });
  });
  const field = (name: keyof Filters) => (value: string) => setForm((f) => ({ ...f, [name]: value }));

  return (
    <Page title={t('articles.title')}>
      <p class="lede">{t('articles.intro')}</p>
      <Section title={t('articles.search')}>
        <Form class="form-inline" onSubmit={() => navigate(`${BASE}/articles${query(form)}`)}>
          <TextField label={t('articles.q')} help={t('articles.qHelp')} value={form.q ?? ''} onValue={field('q')} />
          <SelectField
            label={t('articles.source')}
            value={form.source_id ?? ''}
            onValue={field('source_id')}
            options={[
              { value: '', label: t('articles.anySource') },
              ...(sources.data?.sources ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.articles})` })),
            ]}
          />
          <TextField label={t('articles.category')} value={form.category ?? ''} onValue={field('category')} />
          <TextField label={t('articles.language')} value={form.language ?? ''} onValue={field('language')} />
          <button type="submit" class="button button-primary">
            {t('articles.searchButton')}
          </button>
        </Form>
      </Section>
      <Section title={t('articles.list')}>
        <Problem error={first.error ?? more.error} />
        <Loaded resource={first}>
          {(data) => (
            <div class="table-wrap">
              <DataTable
                rows={[...data.contents, ...(olderHere?.entries ?? [])]}
                empty={t('articles.none')}
                columns={[
                  t('articles.published'),
                  t('articles.titleColumn'),
                  t('articles.source'),
                  t('articles.category'),
                  t('articles.language'),
                  t('articles.areas'),
                ]}
              >
                {(a) => (
                  <tr key={a.id}>
                    <td class="nowrap">{formatDateTime(lang, a.published_at)}</td>
                    <td class="cell-wrap">
                      <Link href={articlePath(a.id)}>{a.title}</Link>
                    </td>
                    <td>{a.source.name}</td>
                    <td>{a.category ?? '—'}</td>
                    <td>{a.language ?? '—'}</td>
                    <td>{a.areas.join(', ') || '—'}</td>
                  </tr>
                )}
              </DataTable>
            </div>
          )}
        </Loaded>
        {next && (
          <p>
            <button type="button" class="button" disabled={more.pending} onClick={() => void more.run()}>
              {t('articles.more')}
            </button>
          </p>
        )}
      </Section>
    </Page>
  );
}
