import { Type, type Static } from '@sinclair/typebox';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The metrics answer's fields (the OpenAPI document and the console's types come from it). */
export const ActivityMetricsView = Type.Object({
  days: Type.Array(
    Type.Object({
      day: Type.String(),
      active_users: Type.Integer(),
      sessions: Type.Integer(),
      impressions: Type.Integer(),
      clicks: Type.Integer(),
      push_clicks: Type.Integer(),
    }),
  ),
  active_users: Type.Integer(),
  mau: Type.Integer(),
  sessions: Type.Integer(),
  avg_session_duration_seconds: Type.Number(),
  impressions: Type.Integer(),
  clicks: Type.Integer(),
  ctr: Type.Number(),
  push_clicks: Type.Integer(),
  likes: Type.Integer(),
  dislikes: Type.Integer(),
  shares: Type.Integer(),
  scenario: Type.Union([Type.String(), Type.Null()], { description: 'The scenario the counts are limited to; null: all.' }),
  channel: Type.Union([Type.Literal('feed'), Type.Literal('push'), Type.Null()], {
    description: 'The channel the counts are limited to; null: both.',
  }),
  scenarios: Type.Array(Type.String(), {
    description: 'Scenarios with impressions, clicks or reactions in the range: what `scenario` can be.',
  }),
});
export type ActivityMetrics = Static<typeof ActivityMetricsView>;

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Counts of one scenario and/or channel (docs/console.md, Trends). */
export interface ChannelFilter {
  scenario?: string;
  channel?: 'feed' | 'push';
}

/**
 * A tenant's activity for UTC days [from, to): daily active users (users, or
 * sessions without a user), sessions started and their average duration
 * (first to last event, or to logout), impressions, clicks, CTR and push clicks.
 * MAU counts distinct actors in the 30 days ending with the last day.
 */
export async function activityMetrics(
  db: Kysely<Database>,
  tenantId: string,
  from: string,
  to: string,
  filter: ChannelFilter = {},
): Promise<ActivityMetrics> {
  const scenarios = await scenariosSeen(db, tenantId, from, to);
  if (filter.scenario !== undefined || filter.channel !== undefined)
    return { ...(await filteredMetrics(db, tenantId, from, to, filter)), scenarios };
  const fromMs = Date.parse(`${from}T00:00:00Z`);
  const toMs = Date.parse(`${to}T00:00:00Z`);
  const mauFrom = dayOf(toMs - 30 * DAY_MS);

  const stats = await db
    .selectFrom('daily_stats')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('day', '>=', from)
    .where('day', '<', to)
    .execute();
  const actives = await db
    .selectFrom('daily_actives')
    .select(['day', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('day', '>=', from)
    .where('day', '<', to)
    .groupBy('day')
    .execute();
  const distinct = async (since: string) =>
    Number(
      (
        await db
          .selectFrom('daily_actives')
          .select(sql<number>`count(distinct actor)`.as('n'))
          .where('tenant_id', '=', tenantId)
          .where('day', '>=', since)
          .where('day', '<', to)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const sessions = await db
    .selectFrom('sessions')
    .select(['started_at', 'last_event_at', 'ended_at'])
    .where('tenant_id', '=', tenantId)
    .where('started_at', '>=', fromMs)
    .where('started_at', '<', toMs)
    .execute();

  const sessionsByDay = new Map<string, number>();
  let durationMs = 0;
  for (const s of sessions) {
    sessionsByDay.set(dayOf(s.started_at), (sessionsByDay.get(dayOf(s.started_at)) ?? 0) + 1);
    durationMs += Math.max(s.ended_at ?? s.last_event_at, s.last_event_at) - s.started_at;
  }
  const activeByDay = new Map(actives.map((a) => [a.day, Number(a.n)]));
  const statByDay = new Map(stats.map((s) => [s.day, s]));
  const days = [];
  for (let t = fromMs; t < toMs; t += DAY_MS) {
    const day = dayOf(t);
    const s = statByDay.get(day);
    days.push({
      day,
      active_users: activeByDay.get(day) ?? 0,
      sessions: sessionsByDay.get(day) ?? 0,
      impressions: Number(s?.impressions ?? 0),
      clicks: Number(s?.clicks ?? 0),
      push_clicks: Number(s?.push_clicks ?? 0),
    });
  }
  const sum = (field: 'impressions' | 'clicks' | 'push_clicks' | 'likes' | 'dislikes' | 'shares') =>
    stats.reduce((n, s) => n + Number(s[field]), 0);
  const impressions = sum('impressions');
  const clicks = sum('clicks');
  return {
    days,
    active_users: await distinct(from),
    mau: await distinct(mauFrom),
    sessions: sessions.length,
    avg_session_duration_seconds: sessions.length === 0 ? 0 : Math.round(durationMs / sessions.length / 1000),
    impressions,
    clicks,
    ctr: impressions === 0 ? 0 : Math.round((clicks / impressions) * 10_000) / 10_000,
    push_clicks: sum('push_clicks'),
    likes: sum('likes'),
    dislikes: sum('dislikes'),
    shares: sum('shares'),
    scenario: null,
    channel: null,
    scenarios,
  };
}

async function scenariosSeen(db: Kysely<Database>, tenantId: string, from: string, to: string): Promise<string[]> {
  const rows = await db
    .selectFrom('daily_channel_stats')
    .select('scenario')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('day', '>=', from)
    .where('day', '<', to)
    .where('scenario', '!=', '')
    .orderBy('scenario')
    .execute();
  return rows.map((r) => r.scenario);
}

/**
 * Activity of one scenario and/or channel, from the counts kept per scenario and
 * channel: active users are those with an impression or click there; sessions and
 * their duration are the tenant's (a session is not tied to a scenario).
 */
async function filteredMetrics(
  db: Kysely<Database>,
  tenantId: string,
  from: string,
  to: string,
  filter: ChannelFilter,
): Promise<Omit<ActivityMetrics, 'scenarios'>> {
  const all = await activityMetrics(db, tenantId, from, to);
  const toMs = Date.parse(`${to}T00:00:00Z`);
  const mauFrom = dayOf(toMs - 30 * DAY_MS);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query builder with Kysely's overloaded where
  const scoped = <T extends { where: (...args: any[]) => T }>(query: T, since: string): T => {
    let q = query.where('tenant_id', '=', tenantId).where('day', '>=', since).where('day', '<', to);
    if (filter.scenario !== undefined) q = q.where('scenario', '=', filter.scenario);
    if (filter.channel !== undefined) q = q.where('channel', '=', filter.channel);
    return q;
  };
  const stats = await scoped(db.selectFrom('daily_channel_stats').selectAll(), from).execute();
  const actives = await scoped(db.selectFrom('daily_channel_actives').select(['day', sql<number>`count(distinct actor)`.as('n')]), from)
    .groupBy('day')
    .execute();
  const distinct = async (since: string) =>
    Number(
      (
        await scoped(
          db.selectFrom('daily_channel_actives').select(sql<number>`count(distinct actor)`.as('n')),
          since,
        ).executeTakeFirstOrThrow()
      ).n,
    );

  const byDay = new Map<string, { impressions: number; clicks: number; pushClicks: number }>();
  for (const s of stats) {
    const d = byDay.get(s.day) ?? { impressions: 0, clicks: 0, pushClicks: 0 };
    d.impressions += Number(s.impressions);
    d.clicks += Number(s.clicks);
    if (s.channel === 'push') d.pushClicks += Number(s.clicks);
    byDay.set(s.day, d);
  }
  const activeByDay = new Map(actives.map((a) => [a.day, Number(a.n)]));
  const days = all.days.map((d) => ({
    day: d.day,
    active_users: activeByDay.get(d.day) ?? 0,
    sessions: d.sessions,
    impressions: byDay.get(d.day)?.impressions ?? 0,
    clicks: byDay.get(d.day)?.clicks ?? 0,
    push_clicks: byDay.get(d.day)?.pushClicks ?? 0,
  }));
  const sum = (field: 'impressions' | 'clicks' | 'likes' | 'dislikes' | 'shares') => stats.reduce((n, s) => n + Number(s[field]), 0);
  const impressions = sum('impressions');
  const clicks = sum('clicks');
  return {
    days,
    active_users: await distinct(from),
    mau: await distinct(mauFrom),
    sessions: all.sessions,
    avg_session_duration_seconds: all.avg_session_duration_seconds,
    impressions,
    clicks,
    ctr: impressions === 0 ? 0 : Math.round((clicks / impressions) * 10_000) / 10_000,
    push_clicks: days.reduce((n, d) => n + d.push_clicks, 0),
    likes: sum('likes'),
    dislikes: sum('dislikes'),
    shares: sum('shares'),
    scenario: filter.scenario ?? null,
    channel: filter.channel ?? null,
  };
}
