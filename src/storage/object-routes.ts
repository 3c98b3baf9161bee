import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../app-deps.js';

/**
 * GET /objects/* in the embedded mode: serves a local object to whoever holds
 * a valid presigned URL (public; no Authorization). Skeleton, filled in by the
 * object-store work.
 */
export const objectRoutes: FastifyPluginAsyncTypebox<AppDeps> = async () => {};
