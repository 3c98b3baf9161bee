import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { prefectureOf } from '../feed/resolve-feed-areas.js';
import { errors } from '../http/problem.js';
import { IsoTimestamp, Nullable, PathId, withProblems } from '../http/schemas.js';
import { toIso, toIsoOrNull } from '../lib/time.js';
import { DEFAULT_ALGORITHM } from '../scenarios/algorithm-config.js';
import { findAlgorithm } from '../scenarios/scenario-repo.js';
import {
  deleteContent,
  duplicateUrls,
  listContents,
  setContentHidden,
  type ContentFilter,
  type ContentListRow,
} from './content-browse-repo.js';
import { findContent } from './content-repo.js';
import { servability } from './content-servability.js';
import { contentView } from './content-view.js';
import { findSource } from './source-repo.js';

const tags = ['admin: contents'];
const security = [{ adminToken: [] }];
const admin = { auth: 'admin' as const };
const PAGE_DEFAULT = 50;
const PAGE_MAX = 200;
const ContentParams = Type.Object({ content_id: PathId });

const ArticleSummary = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    url: Type.String(),
    source: Type.Object({ id: Type.String(), name: Type.String() }),
    category: Nullable(Type.String()),
    language: Nullable(Type.String()),
    published_at: IsoTimestamp,
    first_seen_at: Nullable(IsoTimestamp, { description: 'When the crawler first saw it in a feed; null when ingested through the API.' }),
    has_thumbnail: Type.Boolean(),
    areas: Type.Array(Type.String()),
    hidden: Type.Boolean({ description: 'An operator hid it: never served.' }),
  },
  { $id: 'ArticleSummary' },
);

const Hidden = Nullable(Type.Object({ at: IsoTimestamp, reason: Type.String() }), {
  description:
    'When an operator hid it and why: no feed, push job or GET /v1/contents serves it until it is unhidden. null when not hidden.',
});

const ArticleDetail = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    url: Type.String(),
    canonical_url: Type.String(),
    summary: Type.String(),
    source: Type.Object({
      id: Type.String(),
      name: Type.String(),
      trust_level: Type.Integer(),
      active: Type.Boolean(),
      feed_url: Nullable(Type.String()),
    }),
    category: Nullable(Type.String()),
    category_source: Nullable(Type.String({ description: "feed (the item labelled it), source (the source's category) or classifier." })),
    language: Nullable(Type.String()),
    keywords: Type.Array(Type.String()),
    areas: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), level: Type.String(), prefecture: Nullable(Type.String()) })),
    duplicate_urls: Type.Array(Type.String(), {
      description: 'Other addresses recognised as this article (the same page, or near-duplicate text), not stored again.',
    }),
    thumbnail: Nullable(Type.Object({ url: Type.String(), width: Type.Integer(), height: Type.Integer() }), {
      description: "The service's signed thumbnail, as the feed serves it.",
    }),
    published_at: IsoTimestamp,
    first_seen_at: Nullable(IsoTimestamp),
    created_at: IsoTimestamp,
    updated_at: IsoTimestamp,
    embedder: Nullable(Type.String()),
    hidden: Hidden,
    servable: Type.Boolean({ description: 'Whether the algorithm asked about (default: the defaults) can serve it.' }),
    not_servable_because: Type.Array(Type.String()),
    judged_with: Type.String({ description: 'The algorithm servable was judged with: tenant/algorithm, or `defaults`.' }),
  },
  { $id: 'ArticleDetail' },
);

/** A position in one filtered list; signed so it cannot be forged or used with other filters. */
interface ContentCursor {
  k: 'contents';
  f: string;
  p: number;
  i: string;
}

const summaryView = (r: ContentListRow) => ({
  id: r.id,
  title: r.title,
  url: r.url,
  source: { id: r.source_id, name: r.source_name },
  category: r.category,
  language: r.language,
  published_at: toIso(r.published_at),
  first_seen_at: toIsoOrNull(r.first_seen_at),
  has_thumbnail: r.thumbnail_url !== null,
  areas: JSON.parse(r.areas) as string[],
  hidden: r.hidden_at !== null,
});

export type AdminContentBrowseRoutesDeps = Pick<AppDeps, 'areas' | 'clock' | 'contents' | 'cursors' | 'db' | 'thumbnailLinks'>;

/** Browsing what the crawlers stored (docs/admin-api.md): list and search, one article's analysis, hide, unhide, delete. Operators only. */
export const adminContentBrowseRoutes: FastifyPluginAsyncTypebox<AdminContentBrowseRoutesDeps> = async (app, deps) => {
  const { db, clock } = deps;

  app.get(
    '/admin/v1/contents',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'List and search articles, newest first',
        querystring: Type.Object(
          {
            source_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
            category: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
            language: Type.Optional(Type.String({ pattern: '^[a-z]{2,3}$' })),
            area_id: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 100,
                description: 'Articles about this area or a place inside it (jp, pref:13, city:13104, station:…).',
              }),
            ),
            from: Type.Optional(Type.String({ format: 'date-time', description: 'Published at or after.' })),
            to: Type.Optional(Type.String({ format: 'date-time', description: 'Published before.' })),
            q: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Words of the title, all of them.' })),
            hidden: Type.Optional(Type.Boolean({ description: 'true: only hidden articles; false: only the others. Both when left out.' })),
            limit: Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: PAGE_DEFAULT }),
            cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
          },
          { additionalProperties: false },
        ),
        response: withProblems(
          { 200: Type.Object({ contents: Type.Array(ArticleSummary), meta: Type.Object({ next_cursor: Nullable(Type.String()) }) }) },
          [400, 401],
        ),
      },
    },
    async (request) => {
      const { limit, cursor, ...q } = request.query;
      const filter: ContentFilter = {
        sourceId: q.source_id,
        category: q.category,
        language: q.language,
        areaId: q.area_id,
        from: q.from === undefined ? undefined : Date.parse(q.from),
        to: q.to === undefined ? undefined : Date.parse(q.to),
        text: q.q,
        hidden: q.hidden,
      };
      const filterKey = JSON.stringify(q);
      let after: { publishedAt: number; id: string } | null = null;
      if (cursor !== undefined) {
        const decoded = deps.cursors.verify<ContentCursor>(cursor);
        if (
          !decoded ||
          decoded.k !== 'contents' ||
          decoded.f !== filterKey ||
          typeof decoded.p !== 'number' ||
          typeof decoded.i !== 'string'
        ) {
          throw errors.invalidField('query', 'cursor', 'is not a cursor returned by this endpoint with these filters');
        }
        after = { publishedAt: decoded.p, id: decoded.i };
      }
      const rows = await listContents(db, filter, after, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const next =
        rows.length > limit && last
          ? deps.cursors.sign({ k: 'contents', f: filterKey, p: last.published_at, i: last.id } satisfies ContentCursor)
          : null;
      return { contents: page.map(summaryView), meta: { next_cursor: next } };
    },
  );

  app.get(
    '/admin/v1/contents/:content_id',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'One article with its analysis, and whether it can be served and why not',
        description:
          'With `tenant_id` and `algorithm_id`, servability is judged by that algorithm; else by the defaults of a new algorithm.',
        params: ContentParams,
        querystring: Type.Object(
          {
            tenant_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
            algorithm_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
          },
          { additionalProperties: false },
        ),
        response: withProblems({ 200: ArticleDetail }, [400, 401, 404]),
      },
    },
    async (request) => {
      const content = await findContent(db, request.params.content_id);
      if (!content) throw errors.notFound(`No content ${request.params.content_id}.`);
      const source = await findSource(db, content.sourceId);
      if (!source) throw errors.notFound(`No content ${request.params.content_id}.`);
      const { tenant_id: tenantId, algorithm_id: algorithmId } = request.query;
      if ((tenantId === undefined) !== (algorithmId === undefined)) {
        throw errors.invalidField(
          'query',
          tenantId === undefined ? 'tenant_id' : 'algorithm_id',
          'is needed with the other: tenant_id and algorithm_id name one algorithm',
        );
      }
      let config = DEFAULT_ALGORITHM;
      if (tenantId !== undefined && algorithmId !== undefined) {
        const algorithm = await findAlgorithm(db, tenantId, algorithmId);
        if (!algorithm) throw errors.notFound(`No algorithm ${algorithmId} for tenant ${tenantId}.`);
        config = algorithm.config;
      }
      const judged = servability(content, source, config, clock.now());
      const areas = content.areaIds
        .flatMap((id) => deps.areas.get(id) ?? [])
        .filter((a) => content.areas.includes(a.name))
        .map((a) => ({ id: a.id, name: a.name, level: a.level, prefecture: prefectureOf(deps.areas, a)?.name ?? null }));
      return {
        id: content.id,
        title: content.title,
        url: content.url,
        canonical_url: content.canonicalUrl,
        summary: content.summary,
        source: { id: source.id, name: source.name, trust_level: source.trustLevel, active: source.active, feed_url: source.feedUrl },
        category: content.category,
        category_source: content.categorySource,
        language: content.language,
        keywords: content.keywords,
        areas,
        duplicate_urls: await duplicateUrls(db, content.id, [content.url, content.canonicalUrl]),
        thumbnail: contentView(content, source, deps.thumbnailLinks).thumbnail,
        published_at: toIso(content.publishedAt),
        first_seen_at: toIsoOrNull(content.firstSeenAt),
        created_at: toIso(content.createdAt),
        updated_at: toIso(content.updatedAt),
        embedder: content.embedder,
        hidden: content.hidden && { at: toIso(content.hidden.at), reason: content.hidden.reason },
        servable: judged.servable,
        not_servable_because: judged.reasons,
        judged_with: tenantId === undefined ? 'defaults' : `${tenantId}/${algorithmId}`,
      };
    },
  );

  app.delete(
    '/admin/v1/contents/:content_id',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Delete an article: no feed, push job or GET serves it again',
        description:
          'Its other addresses go with it. A crawl that finds it in its feed again stores it anew: remove it at the ' +
          "source, or lower the source's trust level.",
        params: ContentParams,
        response: withProblems({ 204: Type.Null() }, [401, 404]),
      },
    },
    async (request, reply) => {
      if (!(await deleteContent(db, request.params.content_id))) throw errors.notFound(`No content ${request.params.content_id}.`);
      // This node at once; the others within the catalog's TTL, and the feed drops what has no view.
      deps.contents.forget(request.params.content_id);
      return reply.code(204).send();
    },
  );

  const HiddenAnswer = Type.Object({ id: Type.String(), hidden: Hidden });

  app.post(
    '/admin/v1/contents/:content_id/hide',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Hide an article: kept, but no feed, push job or GET /v1/contents serves it until unhidden',
        description:
          'Every node stops serving it within 30 s (this one at once). Unlike a deletion, a crawl that finds it ' +
          'again keeps it hidden. Hiding a hidden article replaces its reason.',
        params: ContentParams,
        body: Type.Object(
          {
            reason: Type.String({
              minLength: 1,
              maxLength: 500,
              pattern: '\\S',
              description: 'Why, for the other operators (shown with the article).',
            }),
          },
          { additionalProperties: false },
        ),
        response: withProblems({ 200: HiddenAnswer }, [400, 401, 404]),
      },
    },
    async (request) => {
      const now = clock.now();
      const hidden = { at: now, reason: request.body.reason.trim() };
      if (!(await setContentHidden(db, request.params.content_id, hidden, now)))
        throw errors.notFound(`No content ${request.params.content_id}.`);
      deps.contents.forget(request.params.content_id);
      return { id: request.params.content_id, hidden: { at: toIso(hidden.at), reason: hidden.reason } };
    },
  );

  app.post(
    '/admin/v1/contents/:content_id/unhide',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Serve a hidden article again (where its algorithm allows it)',
        description: 'Nothing changes for an article that is not hidden.',
        params: ContentParams,
        response: withProblems({ 200: HiddenAnswer }, [401, 404]),
      },
    },
    async (request) => {
      if (!(await setContentHidden(db, request.params.content_id, null, clock.now())))
        throw errors.notFound(`No content ${request.params.content_id}.`);
      deps.contents.forget(request.params.content_id);
      return { id: request.params.content_id, hidden: null };
    },
  );
};
