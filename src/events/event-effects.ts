import { utcDay } from '../lib/time.js';
import { mergeProperties, propertyLimitProblems, type Properties } from '../users/user-properties.js';
import { MAX_DWELL_MS, type EventType } from './event-types.js';

/** An event as read back from the log for processing. */
export interface StoredEvent {
  seq: number;
  type: EventType;
  sessionId: string;
  userId: string | null;
  contentId: string | null;
  channel: 'feed' | 'push' | null;
  /** The scenario that served the item (from its tracking token); null without one. */
  scenario: string | null;
  occurredAt: number;
  metadata: Record<string, unknown> | null;
}

export interface Counters {
  impressions: number;
  clicks: number;
  likes: number;
  dislikes: number;
  shares: number;
  dwellMs: number;
}

export interface SessionEffect {
  sessionId: string;
  userId: string | null;
  startedAt: number;
  lastEventAt: number;
  endedAt: number | null;
  events: number;
}

/** Everything one batch of a tenant's events changes, aggregated so each row is written once. */
export interface EventEffects {
  /** Users to create (absent before), with their properties. */
  newUsers: Map<string, { properties: Properties; createdAt: number; lastActiveAt: number | null }>;
  /** Existing users whose properties changed (login attributes). */
  propertyUpdates: Map<string, Properties>;
  /** Existing users' latest click or impression. */
  lastActive: Map<string, number>;
  readMarks: Map<string, { userId: string; contentId: string; readAt: number }>;
  userSignals: Map<string, Counters & { userId: string; contentId: string; lastClickAt: number | null }>;
  contentStats: Map<string, Counters & { pushClicks: number }>;
  dailyStats: Map<string, Counters & { pushClicks: number; events: number }>;
  actives: Map<string, { day: string; actor: string }>;
  /** dailyStats per scenario and channel ('' for none), of events about an item that named either. */
  channelStats: Map<string, ChannelCounts>;
  /** Who had an impression or click in a scenario and channel that day. */
  channelActives: Map<string, { day: string; scenario: string; channel: string; actor: string }>;
  sessions: Map<string, SessionEffect>;
}

export interface ChannelCounts {
  day: string;
  scenario: string;
  channel: string;
  impressions: number;
  clicks: number;
  likes: number;
  dislikes: number;
  shares: number;
}

export interface KnownState {
  /** Properties of the batch's users that exist now. */
  users: Map<string, Properties>;
  /** Last click time per `user\0content`, for dwell time measured from click to return. */
  lastClicks: Map<string, number>;
}

const zero = (): Counters => ({ impressions: 0, clicks: 0, likes: 0, dislikes: 0, shares: 0, dwellMs: 0 });

function getOrAdd<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/**
 * Applies SPEC.md's rules to a batch of one tenant's events, in log order, as
 * pure data: the user-existence table (login and session_start create users;
 * click and impression only touch `last_active_at` of existing ones), login
 * attribute merges, sessions, read marks, signals and daily activity.
 */
export function computeEffects(events: StoredEvent[], known: KnownState): EventEffects {
  const fx: EventEffects = {
    newUsers: new Map(),
    propertyUpdates: new Map(),
    lastActive: new Map(),
    readMarks: new Map(),
    userSignals: new Map(),
    contentStats: new Map(),
    dailyStats: new Map(),
    actives: new Map(),
    channelStats: new Map(),
    channelActives: new Map(),
    sessions: new Map(),
  };
  const exists = (userId: string) => known.users.has(userId) || fx.newUsers.has(userId);
  const lastClicks = new Map(known.lastClicks);

  for (const e of events) {
    const day = utcDay(e.occurredAt);
    const actor = e.userId !== null ? `u:${e.userId}` : `s:${e.sessionId}`;
    fx.actives.set(`${day}\0${actor}`, { day, actor });
    const daily = getOrAdd(fx.dailyStats, day, () => ({ ...zero(), pushClicks: 0, events: 0 }));
    daily.events += 1;

    const session = getOrAdd(fx.sessions, e.sessionId, () => ({
      sessionId: e.sessionId,
      userId: e.userId,
      startedAt: e.occurredAt,
      lastEventAt: e.occurredAt,
      endedAt: null,
      events: 0,
    }));
    session.events += 1;
    session.userId ??= e.userId;
    session.startedAt = Math.min(session.startedAt, e.occurredAt);
    session.lastEventAt = Math.max(session.lastEventAt, e.occurredAt);
    if (e.type === 'logout') session.endedAt = Math.max(session.endedAt ?? 0, e.occurredAt);

    const userId = e.userId;
    if (e.type === 'session_start' || e.type === 'login') {
      if (userId === null) continue;
      const attributes = e.type === 'login' ? ((e.metadata?.user_attributes as Properties | undefined) ?? {}) : {};
      if (!exists(userId)) {
        fx.newUsers.set(userId, { properties: attributes, createdAt: e.occurredAt, lastActiveAt: null });
      } else if (Object.keys(attributes).length > 0) {
        // A merge that would pass the profile's limits (64 keys, 16 KiB) is skipped:
        // a login cannot be refused after its 202.
        const created = fx.newUsers.get(userId);
        const current = created?.properties ?? fx.propertyUpdates.get(userId) ?? known.users.get(userId)!;
        const merged = mergeProperties(current, attributes);
        if (propertyLimitProblems(merged).length > 0) continue;
        if (created) created.properties = merged;
        else fx.propertyUpdates.set(userId, merged);
      }
      continue;
    }
    if (e.type === 'logout') continue;

    if ((e.type === 'click' || e.type === 'impression') && userId !== null && exists(userId)) {
      const created = fx.newUsers.get(userId);
      if (created) created.lastActiveAt = Math.max(created.lastActiveAt ?? 0, e.occurredAt);
      else fx.lastActive.set(userId, Math.max(fx.lastActive.get(userId) ?? 0, e.occurredAt));
    }
    if (e.contentId === null) continue;

    const content = getOrAdd(fx.contentStats, e.contentId, () => ({ ...zero(), pushClicks: 0 }));
    const pairKey = userId === null ? null : `${userId}\0${e.contentId}`;
    const signals =
      pairKey === null
        ? null
        : getOrAdd(fx.userSignals, pairKey, () => ({ ...zero(), userId: userId!, contentId: e.contentId!, lastClickAt: null }));
    const counted: (keyof Counters)[] = [];
    switch (e.type) {
      case 'impression':
        counted.push('impressions');
        break;
      case 'click':
        counted.push('clicks');
        if (e.channel === 'push') {
          content.pushClicks += 1;
          daily.pushClicks += 1;
        }
        if (signals && pairKey) {
          signals.lastClickAt = Math.max(signals.lastClickAt ?? 0, e.occurredAt);
          lastClicks.set(pairKey, signals.lastClickAt);
          if (!fx.readMarks.has(pairKey)) fx.readMarks.set(pairKey, { userId: userId!, contentId: e.contentId, readAt: e.occurredAt });
        }
        break;
      case 'like':
        counted.push('likes');
        break;
      case 'dislike':
        counted.push('dislikes');
        break;
      case 'share':
        counted.push('shares');
        break;
      case 'return': {
        const reported = e.metadata?.dwell_ms;
        const clickedAt = pairKey ? lastClicks.get(pairKey) : undefined;
        const dwell = typeof reported === 'number' ? reported : clickedAt !== undefined ? e.occurredAt - clickedAt : null;
        if (dwell !== null && dwell >= 0) {
          // Whole milliseconds: the counters are integer columns, and PostgreSQL refuses 1234.5 for one,
          // which failed the whole batch at every retry after its 202.
          const clamped = Math.round(Math.min(dwell, MAX_DWELL_MS));
          content.dwellMs += clamped;
          daily.dwellMs += clamped;
          if (signals) signals.dwellMs += clamped;
        }
        break;
      }
    }
    for (const field of counted) {
      content[field] += 1;
      daily[field] += 1;
      if (signals) signals[field] += 1;
    }
    if (counted.length > 0 && (e.scenario !== null || e.channel !== null)) {
      const scenario = e.scenario ?? '';
      const channel = e.channel ?? '';
      const key = `${day}\0${scenario}\0${channel}`;
      const byChannel = getOrAdd(fx.channelStats, key, () => ({
        day,
        scenario,
        channel,
        impressions: 0,
        clicks: 0,
        likes: 0,
        dislikes: 0,
        shares: 0,
      }));
      for (const field of counted) if (field !== 'dwellMs') byChannel[field] += 1;
      if (e.type === 'impression' || e.type === 'click') fx.channelActives.set(`${key}\0${actor}`, { day, scenario, channel, actor });
    }
  }
  return fx;
}
