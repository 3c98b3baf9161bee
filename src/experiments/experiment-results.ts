import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { utcDay } from '../lib/time.js';
import { MAX_DWELL_MS } from '../events/event-types.js';
import type { Experiment } from './experiment.js';
import { decide, ratioEstimate, usersNeeded, wilson, type Comparison, type ProportionEstimate } from './experiment-statistics.js';

export interface VariantResult {
  name: string;
  algorithmId: string;
  share: number;
  /** Users assigned to the variant (served at least once). */
  users: number;
  /** Sessions without a user id that sent events of the variant's items (assigned per request). */
  anonymousSessions: number;
  impressions: number;
  clicks: number;
  /** Users who clicked at least once, and their share of `users` with its interval: the decision metric. */
  clickingUsers: number;
  conversion: ProportionEstimate;
  /** clicks / impressions, interval by the delta method over users and sessions. */
  ctr: ProportionEstimate;
  clicksPerUser: number;
  meanDwellMs: number | null;
  likes: number;
  shares: number;
  feedRequests: number;
  pushUsers: number;
  pushClicks: number;
  /** push clicks / push users. */
  pushEngagement: number | null;
  credits: number;
  comparison: Comparison | null;
}

export interface ExperimentResults {
  variants: VariantResult[];
  daily: { day: string; variant: string; impressions: number; clicks: number; ctr: number | null }[];
  sampleSizeMet: boolean;
  minUsersPerVariant: number;
  /** Users per variant a 10 % relative lift over control's conversion needs (null until control has clicks). */
  usersFor10PercentLift: number | null;
  winner: string | null;
  alpha: number;
}

const n = (value: unknown) => Number(value ?? 0);

/**
 * Reads an experiment's outcomes from the events its tokens were sent back
 * with (the index `events_experiment`): per unit (a user id, or an anonymous
 * session), then per variant, in the database; only returns with their dwell
 * times come back as rows. So results always agree with the event log, also for
 * events sent after the experiment ended.
 */
export async function readResults(db: Kysely<Database>, experiment: Experiment): Promise<ExperimentResults> {
  const { tenantId, id } = experiment;
  const perVariant = await sql<Record<string, unknown>>`
    select variant, count(*) as units,
      sum(impressions) as impressions, sum(clicks) as clicks, sum(likes) as likes, sum(shares) as shares, sum(push_clicks) as push_clicks,
      sum(case when user_id is not null and clicks > 0 then 1 else 0 end) as clicking_users,
      sum(case when user_id is null then 1 else 0 end) as anonymous_sessions,
      sum(clicks * clicks) as cc, sum(impressions * impressions) as ii, sum(clicks * impressions) as ci
    from (
      select variant, user_id, case when user_id is null then session_id end as session,
        sum(case when type = 'impression' then 1 else 0 end) as impressions,
        sum(case when type = 'click' then 1 else 0 end) as clicks,
        sum(case when type = 'like' then 1 else 0 end) as likes,
        sum(case when type = 'share' then 1 else 0 end) as shares,
        sum(case when type = 'click' and channel = 'push' then 1 else 0 end) as push_clicks
      from events
      where tenant_id = ${tenantId} and experiment_id = ${id}
      group by variant, user_id, case when user_id is null then session_id end
    ) as units
    group by variant`.execute(db);
  const outcomes = new Map(perVariant.rows.map((r) => [String(r.variant), r]));

  const assigned = await db
    .selectFrom('experiment_assignments')
    .select(['variant', (eb) => eb.fn.countAll().as('users')])
    .where('tenant_id', '=', tenantId)
    .where('experiment_id', '=', id)
    .groupBy('variant')
    .execute();
  const users = new Map(assigned.map((r) => [r.variant, n(r.users)]));

  const servedRows = await db
    .selectFrom('experiment_serving')
    .select([
      'variant',
      (eb) => eb.fn.sum('feed_requests').as('feed_requests'),
      (eb) => eb.fn.sum('push_users').as('push_users'),
      (eb) => eb.fn.sum('millicredits').as('millicredits'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('experiment_id', '=', id)
    .groupBy('variant')
    .execute();
  const served = new Map(servedRows.map((r) => [r.variant, r]));

  const dwell = await meanDwell(db, experiment);
  const daily = await dailyCtr(db, experiment);

  const counts = experiment.variants.map((v) => {
    const o = outcomes.get(v.name);
    const clickingUsers = n(o?.clicking_users);
    // A user reassigned since (or served before a reassignment) may have clicked without a row now.
    return { name: v.name, users: Math.max(users.get(v.name) ?? 0, clickingUsers), clickingUsers };
  });
  const decision = decide(experiment.control, counts, experiment.minUsersPerVariant);
  const control = counts.find((c) => c.name === experiment.control)!;
  const controlRate = control.users === 0 ? 0 : control.clickingUsers / control.users;

  const variants = experiment.variants.map((v, i): VariantResult => {
    const o = outcomes.get(v.name);
    const s = served.get(v.name);
    const { users: userCount, clickingUsers } = counts[i]!;
    const units = n(o?.units);
    const clicks = n(o?.clicks);
    const pushUsers = n(s?.push_users);
    const pushClicks = n(o?.push_clicks);
    return {
      name: v.name,
      algorithmId: v.algorithmId,
      share: v.share,
      users: userCount,
      anonymousSessions: n(o?.anonymous_sessions),
      impressions: n(o?.impressions),
      clicks,
      clickingUsers,
      conversion: wilson(clickingUsers, userCount),
      ctr: ratioEstimate({
        units,
        clicks,
        impressions: n(o?.impressions),
        clicksSquared: n(o?.cc),
        impressionsSquared: n(o?.ii),
        clicksTimesImpressions: n(o?.ci),
      }),
      clicksPerUser: userCount === 0 ? 0 : clicks / userCount,
      meanDwellMs: dwell.get(v.name) ?? null,
      likes: n(o?.likes),
      shares: n(o?.shares),
      feedRequests: n(s?.feed_requests),
      pushUsers,
      pushClicks,
      pushEngagement: pushUsers === 0 ? null : pushClicks / pushUsers,
      credits: n(s?.millicredits) / 1000,
      comparison: decision.comparisons.get(v.name) ?? null,
    };
  });
  return {
    variants,
    daily,
    sampleSizeMet: decision.sampleSizeMet,
    minUsersPerVariant: experiment.minUsersPerVariant,
    usersFor10PercentLift: control.clickingUsers === 0 ? null : usersNeeded(controlRate, 0.1, decision.alpha),
    winner: decision.winner,
    alpha: decision.alpha,
  };
}

/**
 * Mean dwell per variant: the time a `return` reports, else from the unit's last
 * click on the item before it (as the profile counts it). Reads the experiment's
 * returns, and the clicks only on items whose return reported no time: rows in
 * proportion to returns, not to clicks.
 */
async function meanDwell(db: Kysely<Database>, experiment: Experiment): Promise<Map<string, number>> {
  const scope = db.selectFrom('events').where('tenant_id', '=', experiment.tenantId).where('experiment_id', '=', experiment.id);
  const returns = await scope
    .select(['variant', 'user_id', 'session_id', 'content_id', 'occurred_at', 'metadata'])
    .where('type', '=', 'return')
    .execute();
  const unitOf = (r: { user_id: string | null; session_id: string; content_id: string | null }) =>
    `${r.user_id ?? `s:${r.session_id}`}\0${r.content_id}`;
  const reported = (metadata: string | null) => {
    const value = metadata === null ? undefined : (JSON.parse(metadata) as { dwell_ms?: unknown }).dwell_ms;
    return typeof value === 'number' ? value : null;
  };
  const unreported = [...new Set(returns.filter((r) => reported(r.metadata) === null && r.content_id !== null).map((r) => r.content_id!))];
  const clicks = new Map<string, number[]>();
  for (let i = 0; i < unreported.length; i += 500) {
    const rows = await scope
      .select(['user_id', 'session_id', 'content_id', 'occurred_at'])
      .where('type', '=', 'click')
      .where('content_id', 'in', unreported.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      const list = clicks.get(unitOf(r)) ?? [];
      list.push(Number(r.occurred_at));
      clicks.set(unitOf(r), list);
    }
  }
  const sums = new Map<string, { total: number; count: number }>();
  for (const r of returns) {
    const at = Number(r.occurred_at);
    const lastClick = Math.max(-Infinity, ...(clicks.get(unitOf(r)) ?? []).filter((c) => c <= at));
    const ms = reported(r.metadata) ?? (Number.isFinite(lastClick) ? at - lastClick : null);
    if (ms === null || ms < 0 || r.variant === null) continue;
    const sum = sums.get(r.variant) ?? { total: 0, count: 0 };
    sum.total += Math.min(ms, MAX_DWELL_MS);
    sum.count += 1;
    sums.set(r.variant, sum);
  }
  return new Map([...sums].map(([variant, s]) => [variant, s.total / s.count]));
}

const DAY_MS = 86_400_000;

async function dailyCtr(db: Kysely<Database>, experiment: Experiment): Promise<ExperimentResults['daily']> {
  const rows = await sql<Record<string, unknown>>`
    select variant, occurred_at / ${sql.lit(DAY_MS)} as day_number,
      sum(case when type = 'impression' then 1 else 0 end) as impressions,
      sum(case when type = 'click' then 1 else 0 end) as clicks
    from events
    where tenant_id = ${experiment.tenantId} and experiment_id = ${experiment.id}
    group by variant, occurred_at / ${sql.lit(DAY_MS)}
    order by day_number, variant`.execute(db);
  return rows.rows.map((r) => {
    const impressions = n(r.impressions);
    const clicks = n(r.clicks);
    return {
      day: utcDay(Math.floor(n(r.day_number)) * DAY_MS),
      variant: String(r.variant),
      impressions,
      clicks,
      ctr: impressions === 0 ? null : clicks / impressions,
    };
  });
}
