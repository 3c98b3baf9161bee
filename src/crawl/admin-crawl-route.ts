import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { findSource } from '../content/source-repo.js';
import { CrawlCountsView } from '../content/source-view.js';
import { errors } from '../http/problem.js';
import { IsoTimestamp, Nullable, withProblems } from '../http/schemas.js';
import { makeDueNow } from './crawl-state-repo.js';

const CrawlReportView = Type.Object({
  source_id: Type.String(),
  status: Type.Union([Type.Literal('completed'), Type.Literal('failed')]),
  not_modified: Type.Boolean({ description: 'The feed answered 304: nothing changed since the last crawl.' }),
  counts: CrawlCountsView,
  error: Nullable(Type.String()),
  next_crawl_at: IsoTimestamp,
});

const Scheduled = Type.Object({ source_id: Type.String(), status: Type.Literal('scheduled') });

export const adminCrawlRoute: FastifyPluginAsyncTypebox<AppDeps> = async (app, { db, clock, crawler }) => {
  app.post(
    '/admin/v1/sources/:source_id/crawl',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin: sources'],
        security: [{ adminToken: [] }],
        summary: 'Crawl a source now',
        description:
          'With `wait=true`, crawls now and answers with the counts when done (200, also when the crawl failed: see `status` and `error`). ' +
          'Without it, makes the source due at once and answers 202; a worker crawls it within a second or two.',
        params: Type.Object({ source_id: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: Type.Object({ wait: Type.Optional(Type.Boolean({ default: false })) }, { additionalProperties: false }),
        response: withProblems({ 200: CrawlReportView, 202: Scheduled }, [400, 401, 404, 409]),
      },
    },
    async (request, reply) => {
      const source = await findSource(db, request.params.source_id);
      if (!source) throw errors.notFound(`No source ${request.params.source_id}.`);
      if (!source.feedUrl) throw errors.conflict(`Source ${source.id} has no feed_url to crawl; set one with PATCH first.`);
      if (!request.query.wait) {
        await makeDueNow(db, source.id, clock.now());
        crawler.wake();
        return reply.code(202).send({ source_id: source.id, status: 'scheduled' as const });
      }
      const report = await crawler.crawlNow(source.id);
      if (!report) throw errors.conflict(`Source ${source.id} is being crawled by another worker right now; retry when it finishes.`);
      return report;
    },
  );
};
