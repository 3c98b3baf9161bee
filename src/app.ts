import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppDeps } from './app-deps.js';
import { adminContentBrowseRoutes } from './content/admin-content-browse-routes.js';
import { adminContentRoutes } from './content/admin-content-routes.js';
import { adminSourceRoutes } from './content/admin-source-routes.js';
import { adminConsoleUserRoutes } from './console/admin-console-user-routes.js';
import { consoleSessionRoutes } from './console/session-routes.js';
import { CONSOLE_DIST_DIR, consoleStaticRoutes } from './console/console-static-routes.js';
import { adminCrawlRoute } from './crawl/admin-crawl-route.js';
import { adminPreviewRoute } from './feed/admin-preview-route.js';
import { feedRoute } from './feed/feed-route.js';
import { adminAreaRoutes } from './areas/admin-area-routes.js';
import { contentsRoute } from './content/contents-route.js';
import { adminAuditRoutes } from './audit/admin-audit-routes.js';
import { installAuditTrail } from './audit/audit-trail.js';
import { installDrain } from './http/drain.js';
import {
  BODY_LIMIT_BYTES,
  clientErrorHandler,
  frameworkErrorHandler,
  installErrorHandling,
  MAX_PATH_PARAM_LENGTH,
} from './http/error-handling.js';
import { installJsonBodyParser } from './http/json-body-parser.js';
import { installPipeline, rateLimitHeadersOfRefused } from './http/pipeline.js';
import { installRequestTargetHygiene } from './http/request-target-hygiene.js';
import { requestTimeouts } from './http/request-timeouts.js';
import { newRequestId } from './http/request-id.js';
import { RequestLog, RequestLogger } from './http/request-logging.js';
import { buildLazySerializers } from './http/lazy-compile.js';
import { installValidators } from './http/validator.js';
import { adminMetricsRoute } from './events/admin-metrics-route.js';
import { eventsRoute } from './events/events-route.js';
import { adminUsageRoutes } from './metering/admin-usage-routes.js';
import { adminModelRoutes } from './learning/admin-model-routes.js';
import { usageRoute } from './metering/usage-route.js';
import { adminPushRoutes } from './push/admin-push-routes.js';
import { pushRoutes } from './push/push-routes.js';
import { healthRoutes } from './ops/health-routes.js';
import { installRequestMetrics } from './ops/metrics.js';
import { registerPipelineGauges } from './metrics/pipeline-gauges.js';
import { registerOpenApi } from './ops/openapi.js';
import { adminPipelineRoute } from './ops/admin-pipeline-route.js';
import { adminScenarioRoutes } from './scenarios/admin-routes.js';
import { adminExperimentRoutes } from './experiments/admin-experiment-routes.js';
import { adminKeyRoutes } from './tenants/admin-key-routes.js';
import { adminTenantRoutes } from './tenants/admin-tenant-routes.js';
import { adminWebhookRoutes } from './tenants/admin-webhook-routes.js';
import { objectRoutes } from './storage/object-routes.js';
import { thumbnailRoute } from './thumbnails/thumbnail-route.js';
import { adminUserLookupRoute } from './users/admin-user-lookup-route.js';
import { userRoutes } from './users/user-routes.js';
import { adminDeliveryActionRoutes } from './webhooks/admin-delivery-action-routes.js';
import { adminWebhookDeliveryRoutes } from './webhooks/admin-delivery-routes.js';

/** TRUST_PROXY as Fastify takes it: a hop count becomes "the nearest n hops". */
function trustedProxies(setting: false | number | string): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Builds the HTTP app from its dependencies. Never listens: `main.ts` or a test does. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    // One `request completed` line per request, and a child logger only for a request that logs more.
    logController: new RequestLog(deps.log),
    childLoggerFactory: RequestLogger.factory,
    genReqId: newRequestId,
    // Never take a request id from the client: ours is what support looks up.
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    clientErrorHandler: clientErrorHandler((target, authorization) => rateLimitHeadersOfRefused(deps, target, authorization)),
    frameworkErrors: frameworkErrorHandler((target, authorization) => rateLimitHeadersOfRefused(deps, target, authorization)),
    // A request not wholly received within REQUEST_TIMEOUT_MS is a 408 problem.
    ...requestTimeouts(deps.config.requestTimeoutMs),
    // Requests during shutdown get a 503 problem with Retry-After (drain.ts), not Fastify's bare one.
    return503OnClosing: false,
    // No implicit HEAD twins: a HEAD of a metered GET would be charged for no body.
    exposeHeadRoutes: false,
    // Client addresses (login limits, logs) come from X-Forwarded-For only when the proxy is named.
    trustProxy: trustedProxies(deps.config.trustProxy),
    // Response serializers compile at each route's first use, not at start (lazy-compile.ts).
    schemaController: { compilersFactory: { buildSerializer: buildLazySerializers } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Bodies are JSON only: anything else is a 415, not a string handed to a schema.
  app.removeContentTypeParser('text/plain');
  installJsonBodyParser(app);
  installValidators(app);
  installErrorHandling(app);
  installDrain(app);
  // Cookies are parsed before the pipeline's onRequest hook, which reads the console session.
  await app.register(fastifyCookie);
  installPipeline(app, deps);
  installAuditTrail(app, deps);
  installRequestTargetHygiene(app);
  installRequestMetrics(app, deps.metrics);
  registerPipelineGauges(deps.metrics, deps);

  await registerOpenApi(app, deps.config.publicBaseUrl);
  healthRoutes(app, deps);

  await app.register(contentsRoute, deps);
  await app.register(feedRoute, deps);
  await app.register(usageRoute, deps);
  await app.register(userRoutes, deps);
  await app.register(eventsRoute, deps);
  await app.register(pushRoutes, deps);
  await app.register(objectRoutes, deps);
  await app.register(thumbnailRoute, deps);

  await app.register(adminTenantRoutes, deps);
  await app.register(adminKeyRoutes, deps);
  await app.register(adminWebhookRoutes, deps);
  await app.register(adminWebhookDeliveryRoutes, deps);
  await app.register(adminDeliveryActionRoutes, deps);
  await app.register(adminUsageRoutes, deps);
  await app.register(adminMetricsRoute, deps);
  await app.register(adminScenarioRoutes, deps);
  await app.register(adminExperimentRoutes, deps);
  await app.register(adminPreviewRoute, deps);
  await app.register(adminModelRoutes, deps);
  await app.register(adminPushRoutes, deps);
  await app.register(adminUserLookupRoute, deps);
  await app.register(adminSourceRoutes, deps);
  await app.register(adminCrawlRoute, deps);
  await app.register(adminAreaRoutes, deps);
  await app.register(adminContentRoutes, deps);
  await app.register(adminContentBrowseRoutes, deps);
  await app.register(adminConsoleUserRoutes, deps);
  await app.register(adminAuditRoutes, deps);
  await app.register(adminPipelineRoute, deps);
  await app.register(consoleSessionRoutes, deps);
  await app.register(consoleStaticRoutes, { distDir: CONSOLE_DIST_DIR });

  return app;
}
