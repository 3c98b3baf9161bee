import type { Redis } from 'ioredis';
import { rankedList, type RankedList } from './ranked-list.js';

/** How long a cursor chain lasts from its first page (DESIGN §5: at least an hour). */
export const CHAIN_TTL_MS = 60 * 60_000;
/**
 * How long a ranked list is kept: a chain may start from a list built up to
 * MAX_LIST_AGE_MS before its first page (feed-rankings.ts), and must last an hour.
 */
export const SNAPSHOT_TTL_MS = CHAIN_TTL_MS + 15 * 60_000;

/**
 * The ranked list a cursor chain pages through, kept so pages stay stable
 * while content changes: its entries, and the ids earlier snapshots of the
 * same chain already covered (a chain continues past one snapshot).
 */
export interface Snapshot {
  entries: RankedList;
  covered: readonly string[];
}

export interface SnapshotStore {
  save(id: string, snapshot: Snapshot, now: number): Promise<void>;
  /** The snapshot, or null when it expired or is unknown. */
  load(id: string, now: number): Promise<Snapshot | null>;
  delete(id: string): Promise<void>;
}

/** Text for Redis: `id~score~source` entries (a list saved before sources were kept has none: served items are checked again). */
const encode = (s: Snapshot) =>
  `${s.entries.ids.map((id, i) => `${id}~${s.entries.scores[i]!.toFixed(6)}~${s.entries.sourceIds[i]}`).join(',')}\n${s.covered.join(',')}`;
const decode = (text: string): Snapshot => {
  const [entries = '', covered = ''] = text.split('\n');
  return {
    entries: rankedList(entries === '' ? [] : entries.split(',').map(decodeEntry)),
    covered: covered === '' ? [] : covered.split(','),
  };
};
function decodeEntry(text: string) {
  const [id = '', score = '0', sourceId = ''] = text.split('~');
  return { id, score: Number(score), sourceId };
}

/**
 * One node's snapshots (the embedded mode), least recently used dropped past
 * `maxEntries`. Held as the objects the feed's lists are (no copy, never
 * changed), so a list that is also a snapshot costs its memory once.
 */
export class MemorySnapshotStore implements SnapshotStore {
  private readonly entries = new Map<string, { snapshot: Snapshot; expiresAt: number }>();

  constructor(private readonly maxEntries = 100_000) {}

  async save(id: string, snapshot: Snapshot, now: number): Promise<void> {
    this.entries.delete(id);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(id, { snapshot, expiresAt: now + SNAPSHOT_TTL_MS });
  }

  async load(id: string, now: number): Promise<Snapshot | null> {
    const entry = this.entries.get(id);
    if (!entry) return null;
    if (entry.expiresAt <= now) {
      this.entries.delete(id);
      return null;
    }
    this.entries.delete(id);
    this.entries.set(id, entry); // most recently used last
    return entry.snapshot;
  }

  async delete(id: string): Promise<void> {
    this.entries.delete(id);
  }
}

/** Snapshots every API node can read (REDIS_URL set): a chain may hop between nodes. */
export class RedisSnapshotStore implements SnapshotStore {
  constructor(
    private readonly redis: Redis,
    private readonly fallback: SnapshotStore,
  ) {}

  async save(id: string, snapshot: Snapshot, now: number): Promise<void> {
    await this.fallback.save(id, snapshot, now);
    try {
      await this.redis.set(`cf:snap:${id}`, encode(snapshot), 'PX', SNAPSHOT_TTL_MS);
    } catch {
      // Redis down: this node still serves the chain from memory.
    }
  }

  async load(id: string, now: number): Promise<Snapshot | null> {
    const local = await this.fallback.load(id, now);
    if (local) return local;
    try {
      const text = await this.redis.get(`cf:snap:${id}`);
      return text === null ? null : decode(text);
    } catch {
      return null;
    }
  }

  async delete(id: string): Promise<void> {
    await this.fallback.delete(id);
    await this.redis.del(`cf:snap:${id}`).catch(() => 0);
  }
}
