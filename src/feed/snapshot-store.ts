import type { Redis } from 'ioredis';

/** How long a cursor chain's ranked list is kept (DESIGN §5: at least an hour). */
export const SNAPSHOT_TTL_MS = 60 * 60_000;

/** The ranked list a cursor chain pages through, kept so pages stay stable while content changes. */
export interface SnapshotStore {
  save(id: string, itemIds: string[], now: number): Promise<void>;
  /** The ids, or null when the snapshot expired or is unknown. */
  load(id: string, now: number): Promise<string[] | null>;
}

/**
 * One node's snapshots (the embedded mode), least recently used dropped past
 * `maxEntries`: 20,000 snapshots of 200 ids are ~100 MB at most.
 */
export class MemorySnapshotStore implements SnapshotStore {
  private readonly entries = new Map<string, { ids: string; expiresAt: number }>();

  constructor(private readonly maxEntries = 20_000) {}

  async save(id: string, itemIds: string[], now: number): Promise<void> {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(id, { ids: itemIds.join(','), expiresAt: now + SNAPSHOT_TTL_MS });
  }

  async load(id: string, now: number): Promise<string[] | null> {
    const entry = this.entries.get(id);
    if (!entry) return null;
    if (entry.expiresAt <= now) {
      this.entries.delete(id);
      return null;
    }
    this.entries.delete(id);
    this.entries.set(id, entry); // most recently used last
    return entry.ids === '' ? [] : entry.ids.split(',');
  }
}

/** Snapshots every API node can read (REDIS_URL set): a chain may hop between nodes. */
export class RedisSnapshotStore implements SnapshotStore {
  constructor(
    private readonly redis: Redis,
    private readonly fallback: SnapshotStore,
  ) {}

  async save(id: string, itemIds: string[], now: number): Promise<void> {
    await this.fallback.save(id, itemIds, now);
    try {
      await this.redis.set(`cf:snap:${id}`, itemIds.join(','), 'PX', SNAPSHOT_TTL_MS);
    } catch {
      // Redis down: this node still serves the chain from memory.
    }
  }

  async load(id: string, now: number): Promise<string[] | null> {
    const local = await this.fallback.load(id, now);
    if (local) return local;
    try {
      const ids = await this.redis.get(`cf:snap:${id}`);
      return ids === null ? null : ids === '' ? [] : ids.split(',');
    } catch {
      return null;
    }
  }
}
