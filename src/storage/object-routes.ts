import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../app-deps.js';
import { errors } from '../http/problem.js';
import { LocalObjectStore } from './local-object-store.js';
import { OBJECTS_PATH } from './local-url-signer.js';

export type ObjectRoutesDeps = Pick<AppDeps, 'clock' | 'objects'>;

/**
 * GET /objects/<key> in the embedded mode: serves a local object to whoever
 * holds a valid presigned URL (public: the signature is the credential, no
 * Authorization header is read). Not in the OpenAPI document: clients only
 * follow URLs the API hands out (docs/object-storage.md). With an S3 bucket
 * the URLs point at the bucket and this route does not exist.
 */
export const objectRoutes: FastifyPluginAsyncTypebox<ObjectRoutesDeps> = async (app, { objects, clock }) => {
  if (!(objects instanceof LocalObjectStore)) return;

  // The query string is a working download credential for an hour: the request log (info) must not record it.
  app.get(`${OBJECTS_PATH}*`, { schema: { hide: true }, config: { auth: 'public' }, logLevel: 'warn' }, async (request, reply) => {
    const now = clock.now();
    // The raw target: the signature covers the path and query exactly as sent.
    const verdict = await objects.verifyUrl(request.raw.url ?? '', request.headers.host, now);
    if (!verdict.valid) {
      throw errors.forbidden(
        verdict.expiresAt !== undefined
          ? `This download URL expired at ${new Date(verdict.expiresAt).toISOString()}; ask the API for a fresh one.`
          : `This download URL is not valid (${verdict.reason}); use the URL exactly as the API returned it.`,
      );
    }
    const object = await objects.get(verdict.key);
    if (!object) throw errors.notFound('The object this URL points to no longer exists.');
    return reply
      .type(object.contentType)
      .headers({
        'content-length': object.bytes,
        'cache-control': `private, max-age=${Math.floor((verdict.expiresAt - now) / 1000)}`,
        // The whole key names the file (`push/job_…/1.jsonl` → `push-job_…-1.jsonl`): its last segment alone is an attempt number.
        'content-disposition': `attachment; filename="${verdict.key.replaceAll('/', '-')}"`,
      })
      .send(object.body);
  });
};
