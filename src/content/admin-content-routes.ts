import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { HttpUrl, IsoTimestamp, Nullable, withProblems } from '../http/schemas.js';
import { ingestContent } from './content-service.js';
import { ContentItem } from './content-view.js';

/** What the operator sees of an ingested article: the API's view and where its category came from. */
const AdminContentItem = Type.Composite([
  ContentItem,
  Type.Object({
    category_source: Nullable(Type.Union([Type.Literal('feed'), Type.Literal('source'), Type.Literal('classifier')]), {
      description:
        "feed: the given category; source: the source's; classifier: learned from labelled articles (`other` when " +
        'unsure). docs/analysis.md.',
    }),
  }),
]);

export type AdminContentRoutesDeps = Pick<AppDeps, 'areas' | 'articles' | 'clock' | 'contents' | 'db' | 'thumbnailLinks'>;

export const adminContentRoutes: FastifyPluginAsyncTypebox<AdminContentRoutesDeps> = async (app, deps) => {
  app.post(
    '/admin/v1/contents',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin: contents'],
        security: [{ adminToken: [] }],
        summary: 'Ingest one article directly (201 when new, 200 when the same URL updated it)',
        body: Type.Object(
          {
            source_id: Type.String({ minLength: 1, maxLength: 64 }),
            url: HttpUrl,
            title: Type.String({ minLength: 1, maxLength: 500 }),
            body: Type.Optional(Type.String({ maxLength: 200_000 })),
            summary: Type.Optional(Type.String({ maxLength: 2000 })),
            published_at: IsoTimestamp,
            thumbnail_url: Type.Optional(HttpUrl),
            thumbnail_width: Type.Optional(Type.Integer({ minimum: 1, maximum: 20_000 })),
            thumbnail_height: Type.Optional(Type.Integer({ minimum: 1, maximum: 20_000 })),
            category: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
            language: Type.Optional(Type.String({ pattern: '^[a-z]{2,3}$' })),
            areas: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 })),
          },
          { additionalProperties: false },
        ),
        response: withProblems({ 200: AdminContentItem, 201: AdminContentItem }, [400, 401]),
      },
    },
    async (request, reply) => {
      const { item, categorySource, created } = await ingestContent(deps, request.body);
      deps.contents.forget(item.id);
      reply.code(created ? 201 : 200).header('location', `/v1/contents/${item.id}`);
      return { ...item, category_source: categorySource };
    },
  );
};
