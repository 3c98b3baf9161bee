import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { HttpUrl, Nullable, PathId, TrustLevel, withProblems } from '../http/schemas.js';
import { changeSource, getSourceView, listSourceViews, registerSource, removeSource } from './source-service.js';
import { SourceView } from './source-view.js';

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
      const source = await registerSource(deps, request.body);
      reply.code(201).header('location', `/admin/v1/sources/${source.id}`);
      return source;
    },
  );

  app.get(
    '/admin/v1/sources',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'List sources',
        response: withProblems({ 200: Type.Object({ sources: Type.Array(SourceView) }) }, [401]),
      },
    },
    async () => ({ sources: await listSourceViews(deps.db) }),
  );

  app.get(
    '/admin/v1/sources/:source_id',
    {
      config: admin,
      schema: { tags, security, summary: 'Get a source', params: SourceParams, response: withProblems({ 200: SourceView }, [401, 404]) },
    },
    async (request) => getSourceView(deps.db, request.params.source_id),
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
    async (request) => changeSource(deps, request.params.source_id, request.body),
  );

  app.delete(
    '/admin/v1/sources/:source_id',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Delete a source and all its contents',
        params: SourceParams,
        response: withProblems({ 204: Type.Null() }, [401, 404]),
      },
    },
    async (request, reply) => {
      await removeSource(deps, request.params.source_id);
      return reply.code(204).send();
    },
  );
};
