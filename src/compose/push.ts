import type { AreaDirectory } from '../areas/area-directory.js';
import type { ContentCatalog } from '../content/content-catalog.js';
import type { UserRanker } from '../feed/user-ranker.js';
import type { Meter } from '../metering/meter.js';
import { pushMeter } from '../metrics/index.js';
import { PushJobRunner } from '../push/push-job-runner.js';
import { PushJobService } from '../push/push-job-service.js';
import { PushWorker } from '../push/push-worker.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { TrackingTokens } from '../tracking/tracking-token.js';
import type { WebhookDispatcher } from '../webhooks/webhook-dispatcher.js';
import type { RuntimeBase } from './runtime-base.js';

/**
 * Push jobs: the service that queues them (holding their credits), the worker
 * that claims them and the runner that ranks each job's users into the object
 * store, telling the webhook dispatcher and the meter when a job ends.
 */
export function buildPush(
  { config, database, clock, log, metrics }: RuntimeBase,
  parts: {
    objects: ObjectStore;
    ranker: UserRanker;
    areas: AreaDirectory;
    catalog: ContentCatalog;
    tokens: TrackingTokens;
    meter: Meter;
    webhooks: WebhookDispatcher;
  },
) {
  const { objects, meter, webhooks } = parts;
  const pushRunner = new PushJobRunner({
    db: database.db,
    clock,
    log,
    objects,
    ranker: parts.ranker,
    areas: parts.areas,
    contents: parts.catalog,
    tokens: parts.tokens,
    leaseMs: config.push.leaseMs,
    stallChunksForTests: config.push.stallChunksForTests,
    async onFinished(job) {
      webhooks.wake();
      // The job's hold became a charge: this node's cap check sees it now, other nodes at their next flush.
      await meter.refresh(job.tenantId).catch((err: unknown) => log.error({ err }, 'usage cap refresh failed'));
    },
  });
  const pushWorker = new PushWorker({
    db: database.db,
    dbKind: database.kind,
    clock,
    log,
    runner: pushRunner,
    objects,
    leaseMs: config.push.leaseMs,
    concurrency: config.push.concurrency,
    retentionDays: config.push.retentionDays,
    meter: pushMeter(metrics),
  });
  const push = new PushJobService({ db: database.db, dbKind: database.kind, clock, meter, wakeWorker: () => pushWorker.wake() });
  return { pushWorker, push };
}
