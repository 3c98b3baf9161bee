import type { components, operations } from './openapi.js';

/**
 * The shapes the console reads, named. Each is taken from ./openapi.ts, which
 * openapi-typescript generates from the server's /v1/openapi.json (admin and console
 * routes): `npm run generate:client`. Nothing here is written twice; a server change
 * reaches these types when the file is regenerated (a test fails while it is stale).
 */

type JsonContent<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
/** The JSON body of an operation's 200 or 201 answer. */
type Ok<O extends keyof operations> = {
  [S in 200 | 201]: S extends keyof operations[O]['responses'] ? JsonContent<operations[O]['responses'][S]> : never;
}[200 | 201];
type Schema<N extends keyof components['schemas']> = components['schemas'][N];

export type SessionInfo = Ok<'getConsoleApiSession'>;
export type ConsoleUser = SessionInfo['user'];

export type Tenant = Schema<'Tenant'>;
export type Plan = Tenant['plan'];
/** Every plan, in the order the tenant form lists them (checked complete against Plan). */
export const PLANS = ['starter', 'professional', 'enterprise', 'custom'] as const satisfies readonly Plan[];
true satisfies Exclude<Plan, (typeof PLANS)[number]> extends never ? true : false;

export type ApiKey = Schema<'ApiKey'>;
export type IssuedApiKey = Ok<'postAdminTenantsByTenantIdApiKeys'>;
export type UsageReport = Ok<'getAdminTenantsByTenantIdUsage'>;
export type ActivityMetrics = Ok<'getAdminTenantsByTenantIdMetrics'>;

export type AlgorithmConfig = Ok<'getAdminTenantsByTenantIdAlgorithmDefaults'>['config'];
export type Algorithm = Ok<'getAdminTenantsByTenantIdAlgorithmsByAlgorithmId'>;
export type Scenario = Schema<'Scenario'>;
export type ScenarioType = Scenario['type'];

export type Preview = Ok<'getAdminTenantsByTenantIdScenariosByScenarioPreview'>;
export type PreviewItem = Preview['items'][number];
export type SignalName = keyof PreviewItem['signals'];
/** The ranking signals in the order the preview shows them (checked complete against SignalName). */
export const SIGNALS = ['relevance', 'collaborative', 'area', 'follow', 'freshness', 'popularity'] as const satisfies readonly SignalName[];
true satisfies Exclude<SignalName, (typeof SIGNALS)[number]> extends never ? true : false;

export type PushJob = Ok<'getAdminTenantsByTenantIdPushJobsByJobId'>;
export type PushJobStatus = PushJob['status'];

export type WebhookDelivery = Ok<'getAdminTenantsByTenantIdWebhookDeliveries'>['deliveries'][number];

export type Source = Schema<'Source'>;
export type CrawlState = Source['crawl']['state'];
export type CrawlResult = Ok<'postAdminSourcesBySourceIdCrawl'>;

export type UserDetail = Ok<'getAdminTenantsByTenantIdUsersByUserId'>;
export type SourceRef = UserDetail['followed_sources'][number];

export type Experiment = Schema<'Experiment'>;
export type ExperimentWithResults = Ok<'getAdminTenantsByTenantIdExperimentsByExperimentId'>;
export type VariantResult = ExperimentWithResults['results']['variants'][number];
