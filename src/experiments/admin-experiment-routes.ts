import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { ConfigName, PathId, TenantIdParams, withProblems } from '../http/schemas.js';
import { requireTenant } from '../tenants/tenant-service.js';
import { MAX_VARIANTS, MIN_VARIANTS } from './experiment.js';
import { listExperiments } from './experiment-repo.js';
import { readResults } from './experiment-results.js';
import {
  changeShares,
  createExperiment,
  promoteVariant,
  requireExperiment,
  startExperiment,
  stopExperiment,
} from './experiment-service.js';
import { ExperimentView, ExperimentWithResultsView, experimentView, resultsView } from './experiment-view.js';

const Share = Type.Number({ minimum: 0, maximum: 1 });
const ExperimentParams = Type.Composite([TenantIdParams, Type.Object({ experiment_id: PathId })]);

const CreateBody = Type.Object(
  {
    scenario: ConfigName,
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    variants: Type.Array(Type.Object({ name: ConfigName, algorithm_id: ConfigName, share: Share }, { additionalProperties: false }), {
      minItems: MIN_VARIANTS,
      maxItems: MAX_VARIANTS,
      description: `${MIN_VARIANTS} to ${MAX_VARIANTS} variants; shares sum to 1.`,
    }),
    control: Type.Optional(Type.String({ description: 'The variant the others are compared with; the first by default.' })),
    min_users_per_variant: Type.Optional(
      Type.Integer({
        minimum: 10,
        maximum: 100_000_000,
        description: 'No winner is called before every variant has this many users (default 1000).',
      }),
    ),
    start: Type.Optional(Type.Boolean({ default: true, description: 'Start at once (default), or create a draft.' })),
    allocation: Type.Optional(
      Type.Union([Type.Literal('fixed'), Type.Literal('thompson')], {
        default: 'fixed',
        description:
          'fixed (default): the shares stay as set. thompson: a multi-armed bandit moves new users towards the ' +
          'variant most likely best, every 10 minutes.',
      }),
    ),
  },
  { additionalProperties: false },
);
const SharesBody = Type.Object(
  {
    shares: Type.Record(Type.String(), Share, { description: 'Every variant by name, summing to 1.' }),
    reassign: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'Forget every assignment, so users already assigned are placed again by the new shares.',
      }),
    ),
  },
  { additionalProperties: false },
);
const PromoteBody = Type.Object(
  { variant: Type.Optional(Type.String({ description: 'The variant to promote; the called winner by default.' })) },
  { additionalProperties: false },
);
const Promoted = Type.Object({
  experiment: ExperimentView,
  scenario: Type.Object({ scenario: Type.String(), algorithm_id: Type.String() }),
});

// Tenant-scoped: a console member may call these for its own tenant (docs/console.md).
const admin = { auth: 'admin' as const, consoleAccess: 'tenant' as const };
const security = [{ adminToken: [] }];
const tags = ['admin: experiments'];

export type AdminExperimentRoutesDeps = Pick<AppDeps, 'changes' | 'clock' | 'db' | 'feed'>;

/** docs/experiments.md. Every change is in the audit log, like any admin change. */
export const adminExperimentRoutes: FastifyPluginAsyncTypebox<AdminExperimentRoutesDeps> = async (app, deps) => {
  const { db, clock } = deps;
  // Caches of every node drop the tenant's scenarios and assignments: the feed serves the change at once.
  const changed = (tenantId: string) => deps.changes.publish({ kind: 'tenant', tenantId });

  app.post(
    '/admin/v1/tenants/:tenant_id/experiments',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Create an experiment (A/B test of algorithms) on a scenario',
        params: TenantIdParams,
        body: CreateBody,
        response: withProblems({ 201: ExperimentView }, [400, 401, 404]),
      },
    },
    async (request, reply) => {
      const { tenant_id } = request.params;
      await requireTenant(db, tenant_id);
      const experiment = await createExperiment(db, tenant_id, request.body, clock.now());
      changed(tenant_id);
      reply.code(201).header('location', `/admin/v1/tenants/${tenant_id}/experiments/${experiment.id}`);
      return experimentView(experiment);
    },
  );

  app.get(
    '/admin/v1/tenants/:tenant_id/experiments',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'List experiments, newest first',
        params: TenantIdParams,
        response: withProblems({ 200: Type.Object({ experiments: Type.Array(ExperimentView) }) }, [401, 404]),
      },
    },
    async (request) => {
      await requireTenant(db, request.params.tenant_id);
      return { experiments: (await listExperiments(db, request.params.tenant_id)).map(experimentView) };
    },
  );

  app.get(
    '/admin/v1/tenants/:tenant_id/experiments/:experiment_id',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'An experiment with its results per variant',
        params: ExperimentParams,
        response: withProblems({ 200: ExperimentWithResultsView }, [401, 404]),
      },
    },
    async (request) => {
      const experiment = await requireExperiment(db, request.params.tenant_id, request.params.experiment_id);
      // This node's feed pages not yet written count too.
      await deps.feed.flushExperimentCounts();
      return { ...experimentView(experiment), results: resultsView(await readResults(db, experiment)) };
    },
  );

  app.post(
    '/admin/v1/tenants/:tenant_id/experiments/:experiment_id/start',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Start a draft experiment',
        params: ExperimentParams,
        response: withProblems({ 200: ExperimentView }, [401, 404, 409]),
      },
    },
    async (request) => {
      const experiment = await startExperiment(
        db,
        await requireExperiment(db, request.params.tenant_id, request.params.experiment_id),
        clock.now(),
      );
      changed(experiment.tenantId);
      return experimentView(experiment);
    },
  );

  app.post(
    '/admin/v1/tenants/:tenant_id/experiments/:experiment_id/stop',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Stop a running experiment (the scenario serves its own algorithm again)',
        params: ExperimentParams,
        response: withProblems({ 200: ExperimentView }, [401, 404, 409]),
      },
    },
    async (request) => {
      const experiment = await stopExperiment(
        db,
        await requireExperiment(db, request.params.tenant_id, request.params.experiment_id),
        clock.now(),
      );
      changed(experiment.tenantId);
      return experimentView(experiment);
    },
  );

  app.put(
    '/admin/v1/tenants/:tenant_id/experiments/:experiment_id/shares',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: "Change the variants' shares (users already assigned stay, unless reassign)",
        params: ExperimentParams,
        body: SharesBody,
        response: withProblems({ 200: ExperimentView }, [400, 401, 404, 409]),
      },
    },
    async (request) => {
      const current = await requireExperiment(db, request.params.tenant_id, request.params.experiment_id);
      const experiment = await changeShares(db, current, request.body.shares, request.body.reassign ?? false, clock.now());
      changed(experiment.tenantId);
      return experimentView(experiment);
    },
  );

  app.post(
    '/admin/v1/tenants/:tenant_id/experiments/:experiment_id/promote',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Promote a variant: link its algorithm to the scenario and end the experiment',
        params: ExperimentParams,
        body: PromoteBody,
        response: withProblems({ 200: Promoted }, [400, 401, 404, 409]),
      },
    },
    async (request) => {
      const current = await requireExperiment(db, request.params.tenant_id, request.params.experiment_id);
      const { experiment, scenario } = await promoteVariant(db, current, request.body.variant, clock.now());
      changed(experiment.tenantId);
      return { experiment: experimentView(experiment), scenario: { scenario: scenario.name, algorithm_id: scenario.algorithmId } };
    },
  );
};
