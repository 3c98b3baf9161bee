import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { errors } from '../http/problem.js';
import { ConfigName, IsoTimestamp, TenantIdParams, withProblems } from '../http/schemas.js';
import { toIso } from '../lib/time.js';
import { requireTenant } from '../tenants/tenant-service.js';
import { runningExperiment, runningExperimentsUsingAlgorithm } from '../experiments/experiment-repo.js';
import { AlgorithmConfigInput, AlgorithmConfigView, DEFAULT_ALGORITHM, normaliseAlgorithm } from './algorithm-config.js';
import {
  deleteAlgorithm,
  deleteScenario,
  findAlgorithm,
  findScenario,
  listAlgorithms,
  listScenarios,
  scenariosUsingAlgorithm,
  upsertAlgorithm,
  upsertScenario,
  type Algorithm,
  type Scenario,
} from './scenario-repo.js';

const AlgorithmParams = Type.Composite([TenantIdParams, Type.Object({ algorithm_id: ConfigName })]);
const ScenarioParams = Type.Composite([TenantIdParams, Type.Object({ scenario: ConfigName })]);

const AlgorithmView = Type.Object(
  { algorithm_id: Type.String(), config: AlgorithmConfigView, created_at: IsoTimestamp, updated_at: IsoTimestamp },
  { $id: 'Algorithm' },
);
const ScenarioView = Type.Object(
  {
    scenario: Type.String(),
    type: Type.Union([Type.Literal('feed'), Type.Literal('push')]),
    algorithm_id: Type.String(),
    created_at: IsoTimestamp,
    updated_at: IsoTimestamp,
  },
  { $id: 'Scenario' },
);

const algorithmView = (a: Algorithm) => ({
  algorithm_id: a.id,
  config: a.config,
  created_at: toIso(a.createdAt),
  updated_at: toIso(a.updatedAt),
});
const scenarioView = (s: Scenario) => ({
  scenario: s.name,
  type: s.type,
  algorithm_id: s.algorithmId,
  created_at: toIso(s.createdAt),
  updated_at: toIso(s.updatedAt),
});

// Tenant-scoped: a console member may call these for its own tenant (docs/console.md).
const admin = { auth: 'admin' as const, consoleAccess: 'tenant' as const };
const security = [{ adminToken: [] }];

export type AdminScenarioRoutesDeps = Pick<AppDeps, 'changes' | 'clock' | 'db'>;

export const adminScenarioRoutes: FastifyPluginAsyncTypebox<AdminScenarioRoutesDeps> = async (app, deps) => {
  const { db, clock } = deps;

  app.put(
    '/admin/v1/tenants/:tenant_id/algorithms/:algorithm_id',
    {
      config: admin,
      schema: {
        tags: ['admin: algorithms'],
        security,
        summary: 'Create or replace an algorithm (fields left out take their defaults)',
        params: AlgorithmParams,
        body: AlgorithmConfigInput,
        response: withProblems({ 200: AlgorithmView }, [400, 401, 404]),
      },
    },
    async (request) => {
      const { tenant_id, algorithm_id } = request.params;
      await requireTenant(db, tenant_id);
      const config = normaliseAlgorithm(request.body);
      const now = clock.now();
      const existing = await findAlgorithm(db, tenant_id, algorithm_id);
      const algorithm = { tenantId: tenant_id, id: algorithm_id, config, createdAt: existing?.createdAt ?? now, updatedAt: now };
      await upsertAlgorithm(db, algorithm);
      deps.changes.publish({ kind: 'tenant', tenantId: tenant_id });
      return algorithmView(algorithm);
    },
  );

  // What an algorithm starts from (a new tenant's `default`, and any created with fields left out): the console shows it.
  app.get(
    '/admin/v1/tenants/:tenant_id/algorithm-defaults',
    {
      config: admin,
      schema: {
        tags: ['admin: algorithms'],
        security,
        summary: 'The settings a new algorithm starts from',
        params: TenantIdParams,
        response: withProblems({ 200: Type.Object({ config: AlgorithmConfigView }) }, [401, 404]),
      },
    },
    async (request) => {
      await requireTenant(db, request.params.tenant_id);
      return { config: DEFAULT_ALGORITHM };
    },
  );

  app.get(
    '/admin/v1/tenants/:tenant_id/algorithms',
    {
      config: admin,
      schema: {
        tags: ['admin: algorithms'],
        security,
        summary: 'List algorithms',
        params: TenantIdParams,
        response: withProblems({ 200: Type.Object({ algorithms: Type.Array(AlgorithmView) }) }, [401, 404]),
      },
    },
    async (request) => {
      await requireTenant(db, request.params.tenant_id);
      return { algorithms: (await listAlgorithms(db, request.params.tenant_id)).map(algorithmView) };
    },
  );

  app.get(
    '/admin/v1/tenants/:tenant_id/algorithms/:algorithm_id',
    {
      config: admin,
      schema: {
        tags: ['admin: algorithms'],
        security,
        summary: 'Get an algorithm',
        params: AlgorithmParams,
        response: withProblems({ 200: AlgorithmView }, [401, 404]),
      },
    },
    async (request) => {
      const algorithm = await findAlgorithm(db, request.params.tenant_id, request.params.algorithm_id);
      if (!algorithm) throw errors.notFound(`No algorithm ${request.params.algorithm_id} for tenant ${request.params.tenant_id}.`);
      return algorithmView(algorithm);
    },
  );

  app.delete(
    '/admin/v1/tenants/:tenant_id/algorithms/:algorithm_id',
    {
      config: admin,
      schema: {
        tags: ['admin: algorithms'],
        security,
        summary: 'Delete an unused algorithm',
        params: AlgorithmParams,
        response: withProblems({ 204: Type.Null() }, [401, 404, 409]),
      },
    },
    async (request, reply) => {
      const { tenant_id, algorithm_id } = request.params;
      const users = await scenariosUsingAlgorithm(db, tenant_id, algorithm_id);
      if (users.length > 0) throw errors.conflict(`Algorithm ${algorithm_id} is used by scenarios: ${users.join(', ')}.`);
      const experiments = await runningExperimentsUsingAlgorithm(db, tenant_id, algorithm_id);
      if (experiments.length > 0)
        throw errors.conflict(
          `Algorithm ${algorithm_id} is a variant of experiments: ${experiments.map((e) => e.id).join(', ')}; stop them first.`,
        );
      if (!(await deleteAlgorithm(db, tenant_id, algorithm_id)))
        throw errors.notFound(`No algorithm ${algorithm_id} for tenant ${tenant_id}.`);
      deps.changes.publish({ kind: 'tenant', tenantId: tenant_id });
      return reply.code(204).send();
    },
  );

  app.put(
    '/admin/v1/tenants/:tenant_id/scenarios/:scenario',
    {
      config: admin,
      schema: {
        tags: ['admin: scenarios'],
        security,
        summary: 'Create or replace a scenario, linking it to an algorithm',
        params: ScenarioParams,
        body: Type.Object(
          { type: Type.Union([Type.Literal('feed'), Type.Literal('push')]), algorithm_id: ConfigName },
          { additionalProperties: false },
        ),
        response: withProblems({ 200: ScenarioView }, [400, 401, 404]),
      },
    },
    async (request) => {
      const { tenant_id, scenario: name } = request.params;
      await requireTenant(db, tenant_id);
      if (!(await findAlgorithm(db, tenant_id, request.body.algorithm_id))) {
        throw errors.invalidField('body', 'algorithm_id', `no algorithm ${request.body.algorithm_id}; create it first`);
      }
      const now = clock.now();
      const existing = await findScenario(db, tenant_id, name);
      const scenario: Scenario = {
        tenantId: tenant_id,
        name,
        type: request.body.type,
        algorithmId: request.body.algorithm_id,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
      };
      await upsertScenario(db, scenario);
      deps.changes.publish({ kind: 'tenant', tenantId: scenario.tenantId });
      return scenarioView(scenario);
    },
  );

  app.get(
    '/admin/v1/tenants/:tenant_id/scenarios',
    {
      config: admin,
      schema: {
        tags: ['admin: scenarios'],
        security,
        summary: 'List scenarios',
        params: TenantIdParams,
        response: withProblems({ 200: Type.Object({ scenarios: Type.Array(ScenarioView) }) }, [401, 404]),
      },
    },
    async (request) => {
      await requireTenant(db, request.params.tenant_id);
      return { scenarios: (await listScenarios(db, request.params.tenant_id)).map(scenarioView) };
    },
  );

  app.get(
    '/admin/v1/tenants/:tenant_id/scenarios/:scenario',
    {
      config: admin,
      schema: {
        tags: ['admin: scenarios'],
        security,
        summary: 'Get a scenario',
        params: ScenarioParams,
        response: withProblems({ 200: ScenarioView }, [401, 404]),
      },
    },
    async (request) => {
      const scenario = await findScenario(db, request.params.tenant_id, request.params.scenario);
      if (!scenario) throw errors.notFound(`No scenario ${request.params.scenario} for tenant ${request.params.tenant_id}.`);
      return scenarioView(scenario);
    },
  );

  app.delete(
    '/admin/v1/tenants/:tenant_id/scenarios/:scenario',
    {
      config: admin,
      schema: {
        tags: ['admin: scenarios'],
        security,
        summary: 'Delete a scenario',
        params: ScenarioParams,
        response: withProblems({ 204: Type.Null() }, [401, 404, 409]),
      },
    },
    async (request, reply) => {
      // Its running experiment would come back with a scenario of the same name.
      const running = await runningExperiment(db, request.params.tenant_id, request.params.scenario);
      if (running) throw errors.conflict(`Experiment ${running.id} runs on scenario ${request.params.scenario}; stop it first.`);
      if (!(await deleteScenario(db, request.params.tenant_id, request.params.scenario))) {
        throw errors.notFound(`No scenario ${request.params.scenario} for tenant ${request.params.tenant_id}.`);
      }
      deps.changes.publish({ kind: 'tenant', tenantId: request.params.tenant_id });
      return reply.code(204).send();
    },
  );
};
