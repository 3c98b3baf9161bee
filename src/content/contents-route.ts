import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { andThen } from '../http/maybe-async.js';
import { errors } from '../http/problem.js';
import { withProblems } from '../http/schemas.js';
import type { ContentCatalog } from './content-catalog.js';
import { ContentItem } from './content-view.js';

/** GET /v1/contents/{content_id}: one item, 0.1 credit, no tracking_token (no ranking context). */
export const contentsRoute: FastifyPluginAsyncTypebox<{ contents: ContentCatalog }> = async (app, { contents }) => {
  app.get(
    '/v1/contents/:content_id',
    {
      config: { auth: 'tenant', meter: { endpoint: 'contents', millicredits: 100 } },
      schema: {
        tags: ['contents'],
        operationId: 'getContent',
        summary: 'Get one content item',
        security: [{ apiKey: [] }],
        params: Type.Object({ content_id: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: withProblems({ 200: ContentItem }, [400, 401, 402, 403, 404, 429]),
      },
    },
    // Not async: an item in memory is answered without a promise (http/maybe-async.ts).
    (request) =>
      andThen(contents.item(request.params.content_id), (item) => {
        if (!item) throw errors.notFound(`No content ${request.params.content_id}.`);
        return item;
      }),
  );
};
