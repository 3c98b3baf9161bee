import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { errors } from '../http/problem.js';
import { HttpUrl, Nullable, PathId, TrustLevel, withProblems } from '../http/schemas.js';
import { newId } from '../lib/ids.js';
import { deleteSource, findSource, insertSource, listSources, saveSource, type NewSource, type Source } from './source-repo.js';
import { articleCounts } from './content-browse-repo.js';
import { sourceView, SourceView } from './source-view.js';
import { resetCrawlState } from '../crawl/crawl-state-repo.js';

const SourceFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  feed_url: Nullable(HttpUrl),
  trust_level: TrustLevel,
  language: Nullable(Type.String({ pattern: '^[a-z]{2,3}$' })),
  category: Nullable(Type.String({ minLength: 1, maxLength: 64 })),
  active: Type.Boolean(),
  crawl_interval_seconds: Type.Integer({ minimum: 30, maximum: 86_400, description: 'How often the feed is polled (default 300).' }),
};

const SourceParams = Type.Object({ source_id: PathId });
const admin = { auth: 'admin' as const };
const tags = ['admin: sources'];
const security = [{ adminToken: [] }];

export type AdminSourceRoutesDeps = Pick<AppDeps, 'changes' | 'clock' | 'contents' | 'crawler' | 'db'>;

export const adminSourceRoutes: FastifyPluginAsyncTypebox<AdminSourceRoutesDeps> = async (app, deps) => {
  const { db, clock, contents, crawler, changes } = deps;
  const requireSource = async (id: string) => {
    const source = await findSource(db, id);
    if (!source) throw errors.notFound(`No source ${id}.`);
    return source;
  };

  app.post(
    '/admin/v1/sources',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Register a licensed source',
        description: 'Sources are shared by all tenants; each scenario chooses the trust level it requires.',
        body: Type.Object(
          {
            name: SourceFields.name,
            feed_url: Type.Optional(SourceFields.feed_url),
            trust_level: SourceFields.trust_level,
            language: Type.Optional(SourceFields.language),
            category: Type.Optional(SourceFields.category),
            crawl_interval_seconds: Type.Optional(SourceFields.crawl_interval_seconds),
          },
          { additionalProperties: false },
        ),
        response: withProblems({ 201: SourceView }, [400, 401]),
      },
    },
    async (request, reply) => {
      const now = clock.now();
      const body = request.body;
      const source: NewSource = {
        id: newId('src'),
        name: body.name,
        feedUrl: body.feed_url ?? null,
        trustLevel: body.trust_level,
        language: body.language ?? null,
        category: body.category ?? null,
        active: true,
        crawlIntervalSeconds: body.crawl_interval_seconds,
        createdAt: now,
        updatedAt: now,
      };
      await insertSource(db, source);
      if (source.feedUrl) crawler.wake();
      reply.code(201).header('location', `/admin/v1/sources/${source.id}`);
      return sourceView((await findSource(db, source.id))!, 0);
    },
  );

  app.get(
    '/admin/v1/sources',
    { config: admin, schema: { tags, security, summary: 'List sources', response: withProblems({ 200: Type.Object({ sources: Type.Array(SourceView) }) }, [401]) } },
    async () => {
      const [sources, counts] = await Promise.all([listSources(db), articleCounts(db)]);
      return { sources: sources.map((s) => sourceView(s, counts.get(s.id) ?? 0)) };
    },
  );

  app.get(
    '/admin/v1/sources/:source_id',
    { config: admin, schema: { tags, security, summary: 'Get a source', params: SourceParams, response: withProblems({ 200: SourceView }, [401, 404]) } },
    async (request) => {
      const source = await requireSource(request.params.source_id);
      return sourceView(source, (await articleCounts(db, source.id)).get(source.id) ?? 0);
    },
  );

  app.patch(
    '/admin/v1/sources/:source_id',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Change a source (trust level after review, name, feed, language, category, active)',
        params: SourceParams,
        body: Type.Partial(Type.Object(SourceFields), { additionalProperties: false, minProperties: 1 }),
        response: withProblems({ 200: SourceView }, [400, 401, 404]),
      },
    },
    async (request) => {
      const current = await requireSource(request.params.source_id);
      const b = request.body;
      const next: Source = {
        ...current,
        name: b.name ?? current.name,
        feedUrl: b.feed_url !== undefined ? b.feed_url : current.feedUrl,
        trustLevel: b.trust_level ?? current.trustLevel,
        language: b.language !== undefined ? b.language : current.language,
        category: b.category !== undefined ? b.category : current.category,
        active: b.active ?? current.active,
        crawlIntervalSeconds: b.crawl_interval_seconds ?? current.crawlIntervalSeconds,
        updatedAt: clock.now(),
      };
      await saveSource(db, next);
      contents.clear(); // items show the source's name
      // Its trust level decides which algorithms may rank its items.
      if (next.trustLevel !== current.trustLevel) changes.publish({ kind: 'sources' });
      // A new feed, or a source switched back on, starts afresh: no back-off
      // or validators earned by the old one.
      if (next.feedUrl !== current.feedUrl || (next.active && !current.active)) await resetCrawlState(db, next.id);
      if (next.feedUrl && next.active) crawler.wake();
      return sourceView((await findSource(db, next.id))!, (await articleCounts(db, next.id)).get(next.id) ?? 0);
    },
  );

  app.delete(
    '/admin/v1/sources/:source_id',
    {
      config: admin,
      schema: { tags, security, summary: 'Delete a source and all its contents', params: SourceParams, response: withProblems({ 204: Type.Null() }, [401, 404]) },
    },
    async (request, reply) => {
      if (!(await deleteSource(db, request.params.source_id))) throw errors.notFound(`No source ${request.params.source_id}.`);
      contents.clear();
      changes.publish({ kind: 'sources' });
      return reply.code(204).send();
    },
  );
};
