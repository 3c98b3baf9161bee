import { WeightsView } from '../scenarios/algorithm-config.js';
import { toIso } from '../lib/time.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { IsoTimestamp, Nullable, TenantIdParams, withProblems } from '../http/schemas.js';
import { requireTenant } from '../tenants/tenant-service.js';
import { FeedContextFields } from './feed-schemas.js';
import { prefectureOf } from './resolve-feed-areas.js';

const Signals = Type.Object(
  {
    relevance: Type.Number(),
    collaborative: Type.Number({
      description:
        "What readers who engage like this user engaged with (the tenant's collaborative model; 0 for items it has not learned).",
    }),
    freshness: Type.Number(),
    popularity: Type.Number(),
    area: Type.Number(),
    follow: Type.Number(),
  },
  { description: 'Weight × component for each part of the score (docs/ranking.md); they add up to `score`, give or take rounding.' },
);

const PreviewItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  url: Type.String(),
  source: Type.Object({ id: Type.String(), name: Type.String() }),
  category: Nullable(Type.String()),
  published_at: IsoTimestamp,
  score: Type.Number(),
  signals: Signals,
  exploration: Type.Boolean({ description: 'Placed in an exploration slot: a new item the scores alone would not have shown here.' }),
});

const PreviewResponse = Type.Object({
  items: Type.Array(PreviewItem),
  meta: Type.Object({
    scenario: Type.String(),
    algorithm_id: Type.String({ description: "The algorithm previewed: the scenario's, or the query's algorithm_id." }),
    user: Type.Object({ user_id: Nullable(Type.String()), registered: Type.Boolean() }),
    areas: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), level: Type.String(), prefecture: Nullable(Type.String()) }), {
      description:
        "The areas the ranking boosts: from area_names or area_ids, else the registered user's profile; each with " +
        'its prefecture (null for the country).',
    }),
    ignored_areas: Type.Array(Type.String(), { description: 'Names or ids that matched no area and were ignored, as in the feed.' }),
    weights: Type.Object(
      {
        in_use: WeightsView,
        source: Type.Union([Type.Literal('configured'), Type.Literal('fitted')], {
          description:
            'fitted: the algorithm has learned_weights and enough clicks on what it ranked in this scenario (reason says why not).',
        }),
        reason: Type.Union(
          [Type.Literal('fitted'), Type.Literal('learned_weights_off'), Type.Literal('not_fitted'), Type.Literal('experiment_running')],
          {
            description:
              "Why these weights rank: fitted; learned_weights_off (the algorithm's switch); not_fitted (fewer than " +
              "30 clicks or 300 impressions so far); experiment_running (a variant of the scenario's running " +
              'experiment ranks as configured, so the experiment compares the configured weights; its fit goes on, ' +
              'so a promoted variant starts learned).',
          },
        ),
        configured: WeightsView,
        fitted: Nullable(
          Type.Object({ weights: WeightsView, impressions: Type.Integer(), clicks: Type.Integer(), fitted_at: IsoTimestamp }),
          {
            description:
              'Fitted to the last week of impressions and clicks of the items this algorithm ranked in this scenario ' +
              "(an experiment's variants each apart); null while data is thin. Shown whether or not the algorithm " +
              'uses them.',
          },
        ),
      },
      { description: 'The weights behind the scores (docs/learning.md, "Weights fitted to outcomes").' },
    ),
  }),
});

/**
 * GET /admin/v1/tenants/{tenant_id}/scenarios/{scenario}/preview: what the feed would
 * show, and why, without serving it (docs/console.md). Free; open to the tenant's console members.
 */
export type AdminPreviewRouteDeps = Pick<AppDeps, 'areas' | 'db' | 'feedPreview'>;

export const adminPreviewRoute: FastifyPluginAsyncTypebox<AdminPreviewRouteDeps> = async (app, deps) => {
  app.get(
    '/admin/v1/tenants/:tenant_id/scenarios/:scenario/preview',
    {
      config: { auth: 'admin', consoleAccess: 'tenant' },
      schema: {
        tags: ['admin: scenarios'],
        security: [{ adminToken: [] }],
        summary: 'Rank a scenario for a user and area context as the feed would, with each score taken apart; serves nothing',
        params: Type.Composite([TenantIdParams, Type.Object({ scenario: Type.String({ minLength: 1, maxLength: 100 }) })]),
        querystring: Type.Object(
          {
            ...FeedContextFields,
            algorithm_id: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 100,
                description:
                  "Rank with this algorithm of the tenant instead of the scenario's, e.g. an experiment variant's, " +
                  'with its own fitted weights. 400 if there is none.',
              }),
            ),
            limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
          },
          { additionalProperties: false },
        ),
        response: withProblems({ 200: PreviewResponse }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { tenant_id: tenantId, scenario } = request.params;
      await requireTenant(deps.db, tenantId);
      const preview = await deps.feedPreview.preview(tenantId, scenario, request.query);
      return {
        items: preview.items.map(({ view, score, signals, exploration }) => ({
          id: view.id,
          title: view.title,
          url: view.url,
          source: view.source,
          category: view.category,
          published_at: view.published_at,
          score,
          signals,
          exploration,
        })),
        meta: {
          scenario: preview.scenario.name,
          algorithm_id: preview.algorithmId,
          user: { user_id: preview.user.userId, registered: preview.user.registered },
          areas: preview.areas.map((a) => ({
            id: a.id,
            name: a.name,
            level: a.level,
            prefecture: prefectureOf(deps.areas, a)?.name ?? null,
          })),
          ignored_areas: preview.ignoredAreas,
          weights: {
            in_use: preview.weights.inUse,
            source: preview.weights.source,
            reason: preview.weights.reason,
            configured: preview.weights.configured,
            fitted: preview.weights.fitted && {
              weights: preview.weights.fitted.weights,
              impressions: preview.weights.fitted.impressions,
              clicks: preview.weights.fitted.clicks,
              fitted_at: toIso(preview.weights.fitted.fittedAt),
            },
          },
        },
      };
    },
  );
};
