import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { withProblems } from '../http/schemas.js';
import { getContentItem } from './content-service.js';
import { ContentItem } from './content-view.js';

/** GET /v1/contents/{content_id}: one item, 0.1 credit, no tracking_token (no ranking context). */
export const contentsRoute: FastifyPluginAsyncTypebox<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/contents/:content_id',
    {
      config: { auth: 'tenant', meter: { endpoint: 'contents', millicredits: 100 } },
      schema: {
        tags: ['contents'],
        summary: 'Get one content item',
        security: [{ apiKey: [] }],
        params: Type.Object({ content_id: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: withProblems({ 200: ContentItem }, [400, 401, 402, 403, 404, 429]),
      },
    },
    async (request) => getContentItem(db, request.params.content_id),
  );
};
