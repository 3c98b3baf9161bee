import { CompiledQuery, type Transaction } from 'kysely';
import type { DatabaseKind } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { advanceLastActive, insertNewUsers, savePropertiesOfUsers } from '../users/user-batch-repo.js';
import type { ChannelCounts, Counters, EventEffects, SessionEffect } from './event-effects.js';

type Trx = Transaction<Database>;
/** Rows per statement on SQLite: 200 × at most 11 columns, well under its bound-parameter limit. */
const CHUNK = 200;

type PgType = 'text' | 'integer' | 'bigint';

/**
 * One table's multi-row upsert: the columns written (with their PostgreSQL
 * types), the conflict target and what a conflict does (`null`: keep the
 * stored row).
 */
interface Upsert<Row> {
  table: string;
  columns: Readonly<Record<string, PgType>>;
  conflict: readonly string[];
  update: string | null;
  values(tenantId: string, row: Row, now: number): unknown[];
}

const plus = (table: string, columns: readonly string[]) => columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`);
/** The later of two nullable times. */
const later = (table: string, c: string) =>
  `${c} = case when ${table}.${c} is null or excluded.${c} > ${table}.${c} then excluded.${c} else ${table}.${c} end`;
const earlier = (table: string, c: string) => `${c} = case when excluded.${c} < ${table}.${c} then excluded.${c} else ${table}.${c} end`;

const COUNTERS = ['impressions', 'clicks', 'likes', 'dislikes', 'shares', 'dwell_ms'] as const;
const COUNTER_TYPES = {
  impressions: 'integer',
  clicks: 'integer',
  likes: 'integer',
  dislikes: 'integer',
  shares: 'integer',
  dwell_ms: 'bigint',
} as const;
const counterValues = (c: Counters) => [c.impressions, c.clicks, c.likes, c.dislikes, c.shares, c.dwellMs];

const readMarks: Upsert<{ userId: string; contentId: string; readAt: number }> = {
  table: 'read_marks',
  columns: { tenant_id: 'text', user_id: 'text', content_id: 'text', read_at: 'bigint' },
  conflict: ['tenant_id', 'user_id', 'content_id'],
  update: null,
  values: (t, r) => [t, r.userId, r.contentId, r.readAt],
};

const userSignals: Upsert<Counters & { userId: string; contentId: string; lastClickAt: number | null }> = {
  table: 'user_content_signals',
  columns: { tenant_id: 'text', user_id: 'text', content_id: 'text', ...COUNTER_TYPES, last_click_at: 'bigint', updated_at: 'bigint' },
  conflict: ['tenant_id', 'user_id', 'content_id'],
  update: [
    ...plus('user_content_signals', COUNTERS),
    later('user_content_signals', 'last_click_at'),
    'updated_at = excluded.updated_at',
  ].join(', '),
  values: (t, s, now) => [t, s.userId, s.contentId, ...counterValues(s), s.lastClickAt, now],
};

const contentStats: Upsert<[string, Counters & { pushClicks: number }]> = {
  table: 'content_stats',
  columns: { tenant_id: 'text', content_id: 'text', ...COUNTER_TYPES, push_clicks: 'integer', updated_at: 'bigint' },
  conflict: ['tenant_id', 'content_id'],
  update: [...plus('content_stats', [...COUNTERS, 'push_clicks']), 'updated_at = excluded.updated_at'].join(', '),
  values: (t, [contentId, c], now) => [t, contentId, ...counterValues(c), c.pushClicks, now],
};

const DAILY = ['impressions', 'clicks', 'push_clicks', 'likes', 'dislikes', 'shares', 'events'] as const;
const dailyStats: Upsert<[string, Counters & { pushClicks: number; events: number }]> = {
  table: 'daily_stats',
  columns: { tenant_id: 'text', day: 'text', ...Object.fromEntries(DAILY.map((c) => [c, 'integer' as const])) },
  conflict: ['tenant_id', 'day'],
  update: plus('daily_stats', DAILY).join(', '),
  values: (t, [day, d]) => [t, day, d.impressions, d.clicks, d.pushClicks, d.likes, d.dislikes, d.shares, d.events],
};

const CHANNEL = ['impressions', 'clicks', 'likes', 'dislikes', 'shares'] as const;
const channelStats: Upsert<ChannelCounts> = {
  table: 'daily_channel_stats',
  columns: {
    tenant_id: 'text',
    day: 'text',
    scenario: 'text',
    channel: 'text',
    ...Object.fromEntries(CHANNEL.map((c) => [c, 'integer' as const])),
  },
  conflict: ['tenant_id', 'day', 'scenario', 'channel'],
  update: plus('daily_channel_stats', CHANNEL).join(', '),
  values: (t, c) => [t, c.day, c.scenario, c.channel, c.impressions, c.clicks, c.likes, c.dislikes, c.shares],
};

const channelActives: Upsert<{ day: string; scenario: string; channel: string; actor: string }> = {
  table: 'daily_channel_actives',
  columns: { tenant_id: 'text', day: 'text', scenario: 'text', channel: 'text', actor: 'text' },
  conflict: ['tenant_id', 'day', 'scenario', 'channel', 'actor'],
  update: null,
  values: (t, a) => [t, a.day, a.scenario, a.channel, a.actor],
};

const actives: Upsert<{ day: string; actor: string }> = {
  table: 'daily_actives',
  columns: { tenant_id: 'text', day: 'text', actor: 'text' },
  conflict: ['tenant_id', 'day', 'actor'],
  update: null,
  values: (t, a) => [t, a.day, a.actor],
};

const sessions: Upsert<SessionEffect> = {
  table: 'sessions',
  columns: {
    tenant_id: 'text',
    session_id: 'text',
    user_id: 'text',
    started_at: 'bigint',
    last_event_at: 'bigint',
    ended_at: 'bigint',
    events: 'integer',
  },
  conflict: ['tenant_id', 'session_id'],
  update: [
    'user_id = coalesce(sessions.user_id, excluded.user_id)',
    earlier('sessions', 'started_at'),
    later('sessions', 'last_event_at'),
    later('sessions', 'ended_at'),
    'events = sessions.events + excluded.events',
  ].join(', '),
  values: (t, s) => [t, s.sessionId, s.userId, s.startedAt, s.lastEventAt, s.endedAt, s.events],
};

/**
 * The statement text per table, dialect and row count, written once. Kysely
 * built each statement anew for every batch, one operation node per value
 * (a batch of 1,000 bench events, one session each, binds ~10,000): applying
 * 20,000 such events on a SQLite file cost 1.92 ms of CPU per 100 events with
 * Kysely's statements, 1.46 ms with these (issue 20). The hot intake insert is
 * written the same way (event-log.ts). On PostgreSQL one statement takes all
 * rows as one array per column (`unnest`, in order), so the server parses and
 * plans at most 11 parameters, not 2,200 per 200 rows.
 */
const statements = new Map<string, string>();
function upsertSql(kind: DatabaseKind, spec: Upsert<never>, rows: number): string {
  const key = kind === 'postgres' ? spec.table : `${spec.table}:${rows}`;
  let text = statements.get(key);
  if (!text) {
    const columns = Object.keys(spec.columns);
    const conflict = `on conflict (${spec.conflict.join(', ')}) ${spec.update === null ? 'do nothing' : `do update set ${spec.update}`}`;
    const tuple = `(${columns.map(() => '?').join(',')})`;
    const source =
      kind === 'postgres'
        ? `select * from unnest(${Object.values(spec.columns)
            .map((type, i) => `$${i + 1}::${type}[]`)
            .join(',')})`
        : `values ${Array.from({ length: rows }, () => tuple).join(',')}`;
    text = `insert into ${spec.table} (${columns.join(', ')}) ${source} ${conflict}`;
    statements.set(key, text);
  }
  return text;
}

async function upsert<Row>(trx: Trx, kind: DatabaseKind, spec: Upsert<Row>, tenantId: string, rows: Iterable<Row>, now: number) {
  const all = [...rows];
  if (all.length === 0) return;
  if (kind === 'postgres') {
    const arrays: unknown[][] = Object.keys(spec.columns).map(() => []);
    for (const row of all) spec.values(tenantId, row, now).forEach((value, column) => arrays[column]!.push(value));
    await trx.executeQuery(CompiledQuery.raw(upsertSql(kind, spec as Upsert<never>, all.length), arrays));
    return;
  }
  for (let i = 0; i < all.length; i += CHUNK) {
    const chunk = all.slice(i, i + CHUNK);
    const params: unknown[] = [];
    for (const row of chunk) params.push(...spec.values(tenantId, row, now));
    await trx.executeQuery(CompiledQuery.raw(upsertSql(kind, spec as Upsert<never>, chunk.length), params));
  }
}

/** Writes one tenant's aggregated effects; runs inside the processor's transaction. */
export async function writeEffects(trx: Trx, kind: DatabaseKind, tenantId: string, fx: EventEffects, now: number): Promise<void> {
  await insertNewUsers(trx, tenantId, fx.newUsers, now);
  await savePropertiesOfUsers(trx, tenantId, fx.propertyUpdates, now);
  await advanceLastActive(trx, kind, tenantId, fx.lastActive);
  await upsert(trx, kind, readMarks, tenantId, fx.readMarks.values(), now);
  await upsert(trx, kind, userSignals, tenantId, fx.userSignals.values(), now);
  await upsert(trx, kind, contentStats, tenantId, fx.contentStats.entries(), now);
  await upsert(trx, kind, dailyStats, tenantId, fx.dailyStats.entries(), now);
  await upsert(trx, kind, channelStats, tenantId, fx.channelStats.values(), now);
  await upsert(trx, kind, channelActives, tenantId, fx.channelActives.values(), now);
  await upsert(trx, kind, actives, tenantId, fx.actives.values(), now);
  await upsert(trx, kind, sessions, tenantId, fx.sessions.values(), now);
}
