import { Fragment, type ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { operations } from '../api/openapi.js';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { LoadingOrProblem } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { Problem } from '../components/problem.js';
import { StatusBadge } from '../components/status-badge.js';
import { TextField } from '../components/field.js';
import { useLang, useT } from '../i18n/index.js';
import { announce } from '../lib/announce.js';
import { formatDateTime } from '../lib/format.js';
import { BASE, navigate } from '../lib/router.js';
import { useAction, useResource } from '../lib/use-resource.js';

type ArticleDetail = operations['getAdminContentsByContentId']['responses'][200]['content']['application/json'];

/**
 * One article as analysed: where it came from, what it is about, and whether the feed can serve it and
 * why not; hide, unhide or delete it.
 */
export function ArticlePage({ contentId }: { contentId: string }) {
  const t = useT();
  const lang = useLang();
  const article = useResource(() => api.get<ArticleDetail>(`/admin/v1/contents/${encodeURIComponent(contentId)}`), [contentId]);
  const [deleting, setDeleting] = useState(false);
  const [hiding, setHiding] = useState(false);
  const [reason, setReason] = useState('');
  const hide = useAction(async () => {
    await api.post(`/admin/v1/contents/${encodeURIComponent(contentId)}/hide`, { reason: reason.trim() });
    setHiding(false);
    setReason('');
    announce(t('done.articleHidden', { title: article.data?.title ?? contentId }));
    await article.reload();
  });
  const unhide = useAction(async () => {
    await api.post(`/admin/v1/contents/${encodeURIComponent(contentId)}/unhide`, {});
    announce(t('done.articleUnhidden', { title: article.data?.title ?? contentId }));
    await article.reload();
  });
  const remove = useAction(async () => {
    await api.delete(`/admin/v1/contents/${encodeURIComponent(contentId)}`);
    setDeleting(false);
    announce(t('done.articleDeleted', { title: article.data?.title ?? contentId }));
    navigate(`${BASE}/articles`);
  });

  const a = article.data;
  if (!a)
    return (
      <Page title={t('article.title')}>
        <LoadingOrProblem error={article.error} />
      </Page>
    );
  const rows: [string, ComponentChildren][] = [
    [
      t('article.source'),
      `${a.source.name} · ${t('article.trust', { level: a.source.trust_level })}` +
        (a.source.active ? '' : ` · ${t('article.sourcePaused')}`),
    ],
    [
      t('article.url'),
      <a href={a.url} rel="noopener noreferrer" target="_blank">
        {a.url}
      </a>,
    ],
    [t('article.published'), formatDateTime(lang, a.published_at)],
    [t('article.firstSeen'), a.first_seen_at ? formatDateTime(lang, a.first_seen_at) : t('article.notCrawled')],
    [t('article.language'), a.language ?? '—'],
    [
      t('article.category'),
      a.category ? `${a.category}${a.category_source ? ` (${t('article.categoryFrom', { from: a.category_source })})` : ''}` : '—',
    ],
    [t('article.keywords'), a.keywords.join(', ') || '—'],
    [
      t('article.areas'),
      a.areas.map((x) => (x.prefecture && x.prefecture !== x.name ? `${x.name} (${x.prefecture})` : x.name)).join(', ') || '—',
    ],
    [t('article.duplicates'), a.duplicate_urls.length > 0 ? a.duplicate_urls.join('\n') : t('article.noDuplicates')],
  ];

  return (
    <Page
      title={a.title}
      actions={
        <>
          {a.hidden ? (
            <button type="button" class="button" disabled={unhide.pending} onClick={() => void unhide.run()}>
              {t('article.unhide')}
            </button>
          ) : (
            <button type="button" class="button" onClick={() => setHiding(true)}>
              {t('article.hide')}
            </button>
          )}
          <button type="button" class="button button-danger-outline" onClick={() => setDeleting(true)}>
            {t('article.delete')}
          </button>
        </>
      }
    >
      <Problem error={remove.error ?? unhide.error} />
      <Section title={t('article.servability')}>
        <p>
          <StatusBadge status={a.servable ? 'active' : 'failing'} label={t(a.servable ? 'article.servable' : 'article.notServable')} />{' '}
          <span class="muted">{t('article.judgedWith')}</span>
        </p>
        {a.hidden && (
          <p class="article-hidden">{t('article.hiddenNote', { at: formatDateTime(lang, a.hidden.at), reason: a.hidden.reason })}</p>
        )}
        {a.not_servable_because.length > 0 && (
          <ul class="reasons">
            {a.not_servable_because.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        )}
      </Section>
      <div class="two-columns">
        <Section title={t('article.analysis')}>
          <dl class="settings-list article-facts">
            {rows.map(([label, value]) => (
              <Fragment key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </Fragment>
            ))}
          </dl>
        </Section>
        <Section title={t('article.summaryTitle')}>
          {a.thumbnail && (
            <img class="article-thumbnail" src={a.thumbnail.url} width={a.thumbnail.width} height={a.thumbnail.height} alt="" />
          )}
          <p>{a.summary || '—'}</p>
        </Section>
      </div>
      <ConfirmDialog
        open={hiding}
        title={t('article.hideTitle')}
        confirmLabel={t('article.hide')}
        pending={hide.pending || reason.trim() === ''}
        onCancel={() => setHiding(false)}
        onConfirm={() => void hide.run()}
      >
        <p>{t('article.hideBody', { title: a.title })}</p>
        <TextField
          label={t('article.hideReason')}
          help={t('article.hideReasonHelp')}
          value={reason}
          onValue={setReason}
          maxLength={500}
          error={hide.error?.fieldMessage('reason')}
        />
        <Problem error={hide.error} />
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting}
        title={t('article.deleteTitle')}
        confirmLabel={t('article.delete')}
        danger
        pending={remove.pending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => void remove.run()}
      >
        <p>{t('article.deleteBody', { title: a.title })}</p>
      </ConfirmDialog>
    </Page>
  );
}
