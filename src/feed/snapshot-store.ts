import type { Redis } from 'ioredis';

/** How long a cursor chain's ranked list is kept (DESIGN §5: at least an hour). */
export const SNAPSHOT_TTL_MS = 60 * 60_000;

/**
 * The ranked list a cursor chain pages through, kept so pages stay stable
 * while content changes: its entries, and the ids earlier snapshots of the
 * same chain already covered (a chain continues past one snapshot).
 */
export interface Snapshot {
  entries: string[];
  covered: string[];
}

export interface SnapshotStore {
  save(id: string, snapshot: Snapshot, now: number): Promise<void>;
  /** The snapshot, or null when it expired or is unknown. */
  load(id: string, now: number): Promise<Snapshot | null>;
  delete(id: string): Promise<void>;
}

const encode = (s: Snapshot) => `${s.entries.join(',')}\n${s.covered.join(',')}`;
const decode = (text: string): Snapshot => {
  const [entries = '', covered = ''] = text.split('\n');
  return { entries: entries === '' ? [] : entries.split(','), covered: covered === '' ? [] : covered.split(',') };
};

/**
 * One node's snapshots (the embedded mode), least recently used dropped past
 * `maxEntries`. The feed keeps one live chain per user and query (a new first
 * page replaces the last one), so the bound is on active users: 100,000
 * snapshots of 100 entries are ~300 MB at most.
 */
export class MemorySnapshotStore implements SnapshotStore {
  private readonly entries = new Map<string, { text: string; expiresAt: number }>();

  constructor(private readonly maxEntries = 100_000) {}

  async save(id: string, snapshot: Snapshot, now: number): Promise<void> {
    this.entries.delete(id);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(id, { text: encode(snapshot), expiresAt: now + SNAPSHOT_TTL_MS });
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
    return decode(entry.text);
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
