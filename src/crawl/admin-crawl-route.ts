import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { findSource } from '../content/source-repo.js';
import { CrawlCountsView } from '../content/source-view.js';
import { errors } from '../http/problem.js';
import { IsoTimestamp, Nullable, withProblems } from '../http/schemas.js';
import { toIso, toIsoOrNull } from '../lib/time.js';
import { awaitOtherCrawl } from './await-other-crawl.js';
import { recentCrawls, type CrawlRecord } from './crawl-history-repo.js';
import { makeDueNow } from './crawl-state-repo.js';

/** How long `crawl?wait=true` waits for a crawl another worker is doing before answering 409. */
const OTHER_CRAWL_WAIT_MS = 60_000;
/** Crawls listed with a waited crawl's report: enough to see the last that found something. */
const RECENT_WITH_REPORT = 5;

const CrawlStatusSchema = Type.Union([Type.Literal('completed'), Type.Literal('failed')]);

export const CrawlRecordView = Type.Object(
  {
    at: IsoTimestamp,
    status: CrawlStatusSchema,
    not_modified: Type.Boolean({ description: 'The feed answered 304: nothing changed since the crawl before.' }),
    counts: CrawlCountsView,
    error: Nullable(Type.String(), { description: 'Why the crawl failed, or which of its articles failed.' }),
  },
  { $id: 'CrawlRecord' },
);

const CrawlReportView = Type.Object({
  source_id: Type.String(),
  status: CrawlStatusSchema,
  not_modified: Type.Boolean({ description: 'The feed answered 304: nothing changed since the last crawl.' }),
  counts: CrawlCountsView,
  error: Nullable(Type.String()),
  next_crawl_at: Nullable(IsoTimestamp),
  crawled_by: Type.Union([Type.Literal('this_request'), Type.Literal('another_worker')], {
    description: 'another_worker: a worker was crawling the source when asked; this is that crawl, waited for.',
  }),
  recent_crawls: Type.Array(CrawlRecordView, { description: 'The newest crawls of the source, this one first.' }),
});

const crawlRecordView = (r: CrawlRecord) => ({
  at: toIso(r.at),
  status: r.status,
  not_modified: r.notModified,
  counts: r.counts,
  error: r.error,
});

const Scheduled = Type.Object({ source_id: Type.String(), status: Type.Literal('scheduled') });

export type AdminCrawlRouteDeps = Pick<AppDeps, 'clock' | 'crawler' | 'db'>;

export const adminCrawlRoute: FastifyPluginAsyncTypebox<AdminCrawlRouteDeps> = async (app, { db, clock, crawler }) => {
  app.get(
    '/admin/v1/sources/:source_id/crawls',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin: sources'],
        security: [{ adminToken: [] }],
        summary: "A source's last crawls, newest first (the 20 newest are kept)",
        params: Type.Object({ source_id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: withProblems({ 200: Type.Object({ crawls: Type.Array(CrawlRecordView) }) }, [401, 404]),
      },
    },
    async (request) => {
      const source = await findSource(db, request.params.source_id);
      if (!source) throw errors.notFound(`No source ${request.params.source_id}.`);
      return { crawls: (await recentCrawls(db, source.id)).map(crawlRecordView) };
    },
  );

  app.post(
    '/admin/v1/sources/:source_id/crawl',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin: sources'],
        security: [{ adminToken: [] }],
        summary: 'Crawl a source now',
        description:
          'With `wait=true`, crawls now and answers with the counts when done (200, also when the crawl failed: see ' +
          '`status` and `error`), and the newest crawls. When another worker is crawling the source, waits for that ' +
          'crawl (up to a minute, else 409) and reports it (`crawled_by: another_worker`). Without it, makes the source ' +
          'due at once and answers 202; a worker crawls it within a second or two.',
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
      const askedAt = clock.now();
      const report = await crawler.crawlNow(source.id);
      const recent = async () => (await recentCrawls(db, source.id, RECENT_WITH_REPORT)).map(crawlRecordView);
      if (report) return { ...report, crawled_by: 'this_request' as const, recent_crawls: await recent() };
      request.log.info({ sourceId: source.id }, 'crawl now: waiting for the crawl of another worker');
      const other = await awaitOtherCrawl({ db, clock }, source.id, askedAt, OTHER_CRAWL_WAIT_MS);
      if (!other)
        throw errors.conflict(
          `Source ${source.id} is still being crawled by another worker; GET /admin/v1/sources/${source.id}/crawls shows it when done.`,
        );
      const { record } = other;
      return {
        source_id: source.id,
        status: record.status,
        not_modified: record.notModified,
        counts: record.counts,
        error: record.error,
        next_crawl_at: toIsoOrNull(other.nextCrawlAt),
        crawled_by: 'another_worker' as const,
        recent_crawls: await recent(),
      };
    },
  );
};
