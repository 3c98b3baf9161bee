import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { errors } from '../http/problem.js';
import { IsoTimestamp, Nullable, TenantIdParams, withProblems } from '../http/schemas.js';
import { toIso } from '../lib/time.js';
import { requireTenant } from '../tenants/tenant-service.js';
import { TrainingBusyError } from './collaborative-trainer.js';
import { modelStatus } from './model-store.js';

const tags = ['admin: learning'];
const security = [{ adminToken: [] }];

const ModelView = Type.Object({
  tenant_id: Type.String(),
  version: Type.Integer({ description: 'Increases with every training; 0 before the first.' }),
  trained_at: Nullable(IsoTimestamp),
  factors: Nullable(Type.Integer({ description: 'Latent factors per user and item.' })),
  users: Type.Integer({ description: 'Users with engagement in the training window.' }),
  items: Type.Integer({ description: 'Items the model has learned (engaged with in the window).' }),
  interactions: Type.Integer({ description: '(user, item) entries trained on.' }),
  truncated: Type.Boolean({ description: 'The training read stopped at its bound of interactions (docs/learning.md).' }),
  training_ms: Type.Integer(),
  training: Type.Boolean({ description: 'A worker is training this tenant now.' }),
});

const TrainingView = Type.Object({
  tenant_id: Type.String(),
  version: Type.Integer(),
  users: Type.Integer(),
  items: Type.Integer(),
  interactions: Type.Integer(),
  truncated: Type.Boolean(),
  read_ms: Type.Integer(),
  train_ms: Type.Integer(),
  fitted_scenarios: Type.Array(Type.String(), {
    description: 'Scenarios with weights fitted to their clicks in this run (enough data: 30 clicks, 300 impressions), each once.',
  }),
  fitted_weights: Type.Array(Type.Object({ scenario: Type.String(), algorithm_id: Type.String() }), {
    description:
      'What was fitted in this run: weights are fitted per scenario and algorithm, so each variant of an experiment ' +
      'learns from its own readers (docs/learning.md).',
  }),
});

export type AdminModelRoutesDeps = Pick<AppDeps, 'clock' | 'db' | 'trainer'>;

/**
 * The tenant's collaborative model (docs/learning.md): its state, and a
 * training on demand for an operator who cannot wait for the schedule.
 */
export const adminModelRoutes: FastifyPluginAsyncTypebox<AdminModelRoutesDeps> = async (app, deps) => {
  app.get(
    '/admin/v1/tenants/:tenant_id/model',
    {
      config: { auth: 'admin', consoleAccess: 'tenant' },
      schema: {
        tags,
        security,
        summary: "The tenant's collaborative model: version, when trained, and what it learned from",
        params: TenantIdParams,
        response: withProblems({ 200: ModelView }, [401, 403, 404]),
      },
    },
    async (request) => {
      const tenant = await requireTenant(deps.db, request.params.tenant_id);
      const s = await modelStatus(deps.db, tenant.id, deps.clock.now());
      return {
        tenant_id: tenant.id,
        version: s.version,
        trained_at: s.trainedAt === null ? null : toIso(s.trainedAt),
        factors: s.factors,
        users: s.users,
        items: s.items,
        interactions: s.interactions,
        truncated: s.truncated,
        training_ms: s.trainingMs,
        training: s.training,
      };
    },
  );

  app.post(
    '/admin/v1/tenants/:tenant_id/model/train',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: "Train the tenant's collaborative model and fit its scenarios' weights now, and wait for it",
        description:
          'Workers train every tenant with new clicks on a schedule (MODEL_TRAIN_INTERVAL_S); this trains one at ' +
          'once, off the HTTP thread. 409 while another training of the tenant runs.',
        params: TenantIdParams,
        response: withProblems({ 200: TrainingView }, [401, 404, 409]),
      },
    },
    async (request) => {
      const tenant = await requireTenant(deps.db, request.params.tenant_id);
      try {
        const r = await deps.trainer.trainNow(tenant.id);
        return {
          tenant_id: tenant.id,
          version: r.version,
          users: r.users,
          items: r.items,
          interactions: r.interactions,
          truncated: r.truncated,
          read_ms: r.readMs,
          train_ms: r.trainMs,
          fitted_scenarios: r.fittedScenarios,
          fitted_weights: r.fitted.map((f) => ({ scenario: f.scenario, algorithm_id: f.algorithmId })),
        };
      } catch (err) {
        if (err instanceof TrainingBusyError)
          throw errors.conflict('A training of this tenant is running; its result shows in GET …/model when it ends.');
        throw err;
      }
    },
  );
};
