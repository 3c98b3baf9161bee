import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { advanceLastActive, insertNewUsers, savePropertiesOfUsers } from '../users/user-batch-repo.js';
import type { Counters, EventEffects } from './event-effects.js';

type Trx = Transaction<Database>;
const CHUNK = 200;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** `table.column + excluded.column`: adds the batch's count to the stored one (SQLite and PostgreSQL). */
const plus = (table: string, column: string) => sql<number>`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`;
/** The later of two nullable times. */
const later = (table: string, column: string) =>
  sql<number>`case when ${sql.ref(`${table}.${column}`)} is null or ${sql.ref(`excluded.${column}`)} > ${sql.ref(`${table}.${column}`)} then ${sql.ref(`excluded.${column}`)} else ${sql.ref(`${table}.${column}`)} end`;
const earlier = (table: string, column: string) =>
  sql<number>`case when ${sql.ref(`excluded.${column}`)} < ${sql.ref(`${table}.${column}`)} then ${sql.ref(`excluded.${column}`)} else ${sql.ref(`${table}.${column}`)} end`;

const counterColumns = (c: Counters) => ({
  impressions: c.impressions,
  clicks: c.clicks,
  likes: c.likes,
  dislikes: c.dislikes,
  shares: c.shares,
  dwell_ms: c.dwellMs,
});
const COUNTERS = ['impressions', 'clicks', 'likes', 'dislikes', 'shares', 'dwell_ms'] as const;
const increments = (table: string, extra: string[] = []) => Object.fromEntries([...COUNTERS, ...extra].map((c) => [c, plus(table, c)]));

/** Writes one tenant's aggregated effects; runs inside the processor's transaction. */
export async function writeEffects(trx: Trx, tenantId: string, fx: EventEffects, now: number): Promise<void> {
  await insertNewUsers(trx, tenantId, fx.newUsers, now);
  await savePropertiesOfUsers(trx, tenantId, fx.propertyUpdates, now);
  await advanceLastActive(trx, tenantId, fx.lastActive);

  for (const rows of chunks([...fx.readMarks.values()])) {
    await trx
      .insertInto('read_marks')
      .values(rows.map((r) => ({ tenant_id: tenantId, user_id: r.userId, content_id: r.contentId, read_at: r.readAt })))
      .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'content_id']).doNothing())
      .execute();
  }

  for (const rows of chunks([...fx.userSignals.values()])) {
    await trx
      .insertInto('user_content_signals')
      .values(
        rows.map((s) => ({
          tenant_id: tenantId,
          user_id: s.userId,
          content_id: s.contentId,
          ...counterColumns(s),
          last_click_at: s.lastClickAt,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'user_id', 'content_id']).doUpdateSet({
          ...increments('user_content_signals'),
          last_click_at: later('user_content_signals', 'last_click_at'),
          updated_at: now,
        }),
      )
      .execute();
  }

  for (const rows of chunks([...fx.contentStats.entries()])) {
    await trx
      .insertInto('content_stats')
      .values(
        rows.map(([contentId, c]) => ({
          tenant_id: tenantId,
          content_id: contentId,
          ...counterColumns(c),
          push_clicks: c.pushClicks,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'content_id']).doUpdateSet({ ...increments('content_stats', ['push_clicks']), updated_at: now }),
      )
      .execute();
  }

  for (const rows of chunks([...fx.dailyStats.entries()])) {
    await trx
      .insertInto('daily_stats')
      .values(
        rows.map(([day, d]) => ({
          tenant_id: tenantId,
          day,
          impressions: d.impressions,
          clicks: d.clicks,
          push_clicks: d.pushClicks,
          likes: d.likes,
          dislikes: d.dislikes,
          shares: d.shares,
          events: d.events,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'day'])
          .doUpdateSet(
            Object.fromEntries(
              ['impressions', 'clicks', 'push_clicks', 'likes', 'dislikes', 'shares', 'events'].map((c) => [c, plus('daily_stats', c)]),
            ),
          ),
      )
      .execute();
  }

  for (const rows of chunks([...fx.channelStats.values()])) {
    await trx
      .insertInto('daily_channel_stats')
      .values(rows.map((c) => ({ tenant_id: tenantId, ...c })))
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'day', 'scenario', 'channel'])
          .doUpdateSet(
            Object.fromEntries(['impressions', 'clicks', 'likes', 'dislikes', 'shares'].map((c) => [c, plus('daily_channel_stats', c)])),
          ),
      )
      .execute();
  }

  for (const rows of chunks([...fx.channelActives.values()])) {
    await trx
      .insertInto('daily_channel_actives')
      .values(rows.map((a) => ({ tenant_id: tenantId, ...a })))
      .onConflict((oc) => oc.columns(['tenant_id', 'day', 'scenario', 'channel', 'actor']).doNothing())
      .execute();
  }

  for (const rows of chunks([...fx.actives.values()])) {
    await trx
      .insertInto('daily_actives')
      .values(rows.map((a) => ({ tenant_id: tenantId, day: a.day, actor: a.actor })))
      .onConflict((oc) => oc.columns(['tenant_id', 'day', 'actor']).doNothing())
      .execute();
  }

  for (const rows of chunks([...fx.sessions.values()])) {
    await trx
      .insertInto('sessions')
      .values(
        rows.map((s) => ({
          tenant_id: tenantId,
          session_id: s.sessionId,
          user_id: s.userId,
          started_at: s.startedAt,
          last_event_at: s.lastEventAt,
          ended_at: s.endedAt,
          events: s.events,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'session_id']).doUpdateSet({
          user_id: sql`coalesce(sessions.user_id, excluded.user_id)`,
          started_at: earlier('sessions', 'started_at'),
          last_event_at: later('sessions', 'last_event_at'),
          ended_at: later('sessions', 'ended_at'),
          events: plus('sessions', 'events'),
        }),
      )
      .execute();
  }
}
