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
});
export type ActivityMetrics = Static<typeof ActivityMetricsView>;

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A tenant's activity for UTC days [from, to): daily active users (users, or
 * sessions without a user), sessions started and their average duration
 * (first to last event, or to logout), impressions, clicks, CTR and push clicks.
 * MAU counts distinct actors in the 30 days ending with the last day.
 */
export async function activityMetrics(db: Kysely<Database>, tenantId: string, from: string, to: string): Promise<ActivityMetrics> {
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
  };
}
