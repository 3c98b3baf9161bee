import { Type } from '@sinclair/typebox';
import { IsoTimestamp, Nullable } from '../http/schemas.js';
import { toIso, toIsoOrNull } from '../lib/time.js';
import type { Experiment } from './experiment.js';
import type { ExperimentResults, VariantResult } from './experiment-results.js';

const Interval = Type.Object({ rate: Type.Number(), low: Type.Number(), high: Type.Number() });

export const ExperimentView = Type.Object(
  {
    experiment_id: Type.String(),
    scenario: Type.String(),
    name: Type.String(),
    status: Type.Union([Type.Literal('draft'), Type.Literal('running'), Type.Literal('stopped')]),
    variants: Type.Array(Type.Object({ name: Type.String(), algorithm_id: Type.String(), share: Type.Number() })),
    control: Type.String(),
    min_users_per_variant: Type.Integer(),
    created_at: IsoTimestamp,
    updated_at: IsoTimestamp,
    started_at: Nullable(IsoTimestamp),
    stopped_at: Nullable(IsoTimestamp),
    promoted_variant: Nullable(Type.String()),
    allocation: Type.Union([Type.Literal('fixed'), Type.Literal('thompson')], {
      description: 'fixed: the operator sets the shares; thompson: a bandit sets them from the results every 10 minutes.',
    }),
    reallocated_at: Nullable(IsoTimestamp, { description: 'When the bandit last set the shares.' }),
  },
  { $id: 'Experiment' },
);

const VariantResultView = Type.Object({
  name: Type.String(),
  algorithm_id: Type.String(),
  share: Type.Number(),
  users: Type.Integer({ description: 'Users assigned to the variant (served at least once).' }),
  anonymous_sessions: Type.Integer(),
  impressions: Type.Integer(),
  clicks: Type.Integer(),
  clicking_users: Type.Integer(),
  conversion: Type.Object(
    { ...Interval.properties },
    { description: 'Share of users who clicked at least once, Wilson 95 % interval: the decision metric.' },
  ),
  ctr: Type.Object({ ...Interval.properties }, { description: 'Clicks per impression, 95 % interval by the delta method over users.' }),
  clicks_per_user: Type.Number(),
  mean_dwell_ms: Nullable(Type.Number()),
  likes: Type.Integer(),
  shares: Type.Integer(),
  feed_requests: Type.Integer(),
  push_users: Type.Integer(),
  push_clicks: Type.Integer(),
  push_engagement: Nullable(Type.Number()),
  credits: Type.Number(),
  vs_control: Nullable(
    Type.Object({
      difference: Type.Number(),
      low: Type.Number(),
      high: Type.Number(),
      z: Type.Number(),
      p_value: Type.Number(),
      significant: Type.Boolean(),
    }),
  ),
});

export const ExperimentResultsView = Type.Object({
  variants: Type.Array(VariantResultView),
  daily: Type.Array(
    Type.Object({
      day: Type.String(),
      variant: Type.String(),
      impressions: Type.Integer(),
      clicks: Type.Integer(),
      ctr: Nullable(Type.Number()),
    }),
  ),
  test: Type.Literal('two-proportion z-test on users who clicked, Bonferroni-corrected'),
  alpha: Type.Number(),
  sample_size_met: Type.Boolean(),
  users_for_10_percent_lift: Nullable(Type.Integer()),
  winner: Nullable(Type.String()),
});

export const ExperimentWithResultsView = Type.Composite([ExperimentView, Type.Object({ results: ExperimentResultsView })], {
  $id: 'ExperimentWithResults',
});

export const experimentView = (e: Experiment) => ({
  experiment_id: e.id,
  scenario: e.scenario,
  name: e.name,
  status: e.status,
  variants: e.variants.map((v) => ({ name: v.name, algorithm_id: v.algorithmId, share: v.share })),
  control: e.control,
  min_users_per_variant: e.minUsersPerVariant,
  created_at: toIso(e.createdAt),
  updated_at: toIso(e.updatedAt),
  started_at: toIsoOrNull(e.startedAt),
  stopped_at: toIsoOrNull(e.stoppedAt),
  promoted_variant: e.promotedVariant,
  allocation: e.allocation,
  reallocated_at: toIsoOrNull(e.reallocatedAt),
});

const variantResultView = (v: VariantResult) => ({
  name: v.name,
  algorithm_id: v.algorithmId,
  share: v.share,
  users: v.users,
  anonymous_sessions: v.anonymousSessions,
  impressions: v.impressions,
  clicks: v.clicks,
  clicking_users: v.clickingUsers,
  conversion: v.conversion,
  ctr: v.ctr,
  clicks_per_user: v.clicksPerUser,
  mean_dwell_ms: v.meanDwellMs,
  likes: v.likes,
  shares: v.shares,
  feed_requests: v.feedRequests,
  push_users: v.pushUsers,
  push_clicks: v.pushClicks,
  push_engagement: v.pushEngagement,
  credits: v.credits,
  vs_control: v.comparison && {
    difference: v.comparison.difference,
    low: v.comparison.low,
    high: v.comparison.high,
    z: v.comparison.z,
    p_value: v.comparison.pValue,
    significant: v.comparison.significant,
  },
});

export const resultsView = (r: ExperimentResults) => ({
  variants: r.variants.map(variantResultView),
  daily: r.daily,
  test: 'two-proportion z-test on users who clicked, Bonferroni-corrected' as const,
  alpha: r.alpha,
  sample_size_met: r.sampleSizeMet,
  users_for_10_percent_lift: r.usersFor10PercentLift,
  winner: r.winner,
});
