import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errors } from '../http/problem.js';
import { chooseVariant } from './accept-format.js';
import { THUMBNAIL_WIDTHS, type ThumbnailLinks } from './thumbnail-links.js';
import type { ThumbnailService } from './thumbnail-service.js';

/** Signed URLs never change what they serve: browsers and CDNs may keep the bytes for a year. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

const Query = Type.Object(
  {
    w: Type.Union(
      THUMBNAIL_WIDTHS.map((w) => Type.Literal(w)),
      { description: 'Width in pixels (never upscaled).' },
    ),
    v: Type.String({ minLength: 1, maxLength: 16 }),
    sig: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);

export interface ThumbnailRouteDeps {
  thumbnails: ThumbnailService;
  thumbnailLinks: ThumbnailLinks;
}

/**
 * GET /thumbnails/{content_id}: the thumbnail proxy (DESIGN §11). Public:
 * browsers load it from items' `thumbnail.url`, without an API key and
 * without a charge; only URLs this service signed are answered. The format
 * follows the browser's Accept header (AVIF, WebP, else JPEG or PNG).
 */
export const thumbnailRoute: FastifyPluginAsyncTypebox<ThumbnailRouteDeps> = async (app, deps) => {
  app.get(
    '/thumbnails/:content_id',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['thumbnails'],
        summary: 'A thumbnail, in the best format the browser accepts (the URL comes from an item)',
        params: Type.Object({ content_id: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: Query,
      },
    },
    async (request, reply) => {
      const thumbnail = { contentId: request.params.content_id, width: request.query.w, version: request.query.v };
      if (!deps.thumbnailLinks.verify(thumbnail, request.query.sig)) {
        throw errors.forbidden('This thumbnail URL is not valid: use the thumbnail.url of an item as given.');
      }
      const variant = await deps.thumbnails.variant(thumbnail, chooseVariant(request.headers.accept));
      reply.header('vary', 'Accept').header('cache-control', CACHE_CONTROL).header('etag', variant.etag);
      if (matches(request.headers['if-none-match'], variant.etag)) return reply.code(304).send();
      return reply.type(variant.contentType).send(variant.bytes);
    },
  );
};

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
