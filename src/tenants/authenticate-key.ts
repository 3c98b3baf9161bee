import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { findApiKeyByHash, touchApiKeys } from './api-key-repo.js';
import { hashApiKey, isWellFormedApiKey } from './api-key-format.js';
import { findTenant, type Tenant } from './tenant-repo.js';

export interface Principal {
  tenant: Tenant;
  keyId: string;
}

interface CacheEntry {
  principal: Principal;
  expiresAt: number;
}

/**
 * How long a node trusts what it read about a key when no change reaches it.
 * Account changes (revocation, plan, cap) are published on the change bus and
 * drop the entries on every node within milliseconds; this bounds how long a
 * lost notification can matter.
 */
export const KEY_CACHE_TTL_MS = 5_000;
const MAX_CACHE_ENTRIES = 10_000;
/** Unknown keys are remembered apart, in a small map, so a flood of made-up keys cannot evict real ones. */
const MAX_UNKNOWN_ENTRIES = 1_000;
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Turns a presented API key into a tenant. The checksum is checked before any
 * lookup; the key is hashed and only the hash is looked up, cached for a few
 * seconds so the hot path does no database work.
 */
export class KeyAuthenticator {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly unknown = new Map<string, number>();
  private readonly lastUsed = new Map<string, number>();
  private readonly lastWritten = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    /** Called for each database lookup (a cache miss), for the metrics. */
    private readonly onLookup: () => void = () => {},
    private readonly ttlMs = KEY_CACHE_TTL_MS,
  ) {}

  /**
   * The principal behind `presented`, or null. Answers at once from the cache (the
   * hot path takes no promise), with a promise when the key must be read.
   */
  authenticate(presented: string): Principal | null | Promise<Principal | null> {
    const now = this.clock.now();
    // Keyed by the presented text (already in this process's memory as a
    // header), so a cache hit costs a map lookup, not a checksum and a hash.
    const entry = this.cache.get(presented);
    if (entry && entry.expiresAt > now) {
      this.noteUse(entry.principal.keyId, now);
      return entry.principal;
    }
    if ((this.unknown.get(presented) ?? 0) > now) return null;
    if (!isWellFormedApiKey(presented)) return null;
    return this.lookUp(presented, now);
  }

  private async lookUp(presented: string, now: number): Promise<Principal | null> {
    this.onLookup();
    const principal = await this.load(hashApiKey(presented));
    if (!principal) {
      if (this.unknown.size >= MAX_UNKNOWN_ENTRIES) this.unknown.clear();
      this.unknown.set(presented, now + this.ttlMs);
      this.cache.delete(presented);
      return null;
    }
    if (this.cache.size >= MAX_CACHE_ENTRIES) this.cache.clear();
    this.cache.set(presented, { principal, expiresAt: now + this.ttlMs });
    this.noteUse(principal.keyId, now);
    return principal;
  }

  /** Drops what this node cached about a tenant (an `account` change, from any node). */
  forgetTenant(tenantId: string): void {
    for (const [key, entry] of this.cache) {
      if (entry.principal.tenant.id === tenantId) this.cache.delete(key);
    }
  }

  /** Drops every cached key (a change notification may have been missed). */
  forgetAll(): void {
    this.cache.clear();
    this.unknown.clear();
  }

  /** Writes `last_used_at` at minute resolution; called by the meter's flush cadence. */
  async flushLastUsed(): Promise<void> {
    if (this.lastUsed.size === 0) return;
    const batch = new Map(this.lastUsed);
    this.lastUsed.clear();
    await touchApiKeys(this.db, batch);
  }

  private noteUse(keyId: string, now: number): void {
    const written = this.lastWritten.get(keyId) ?? 0;
    if (now - written < LAST_USED_RESOLUTION_MS) return;
    this.lastWritten.set(keyId, now);
    this.lastUsed.set(keyId, now);
  }

  private async load(hash: string): Promise<Principal | null> {
    const key = await findApiKeyByHash(this.db, hash);
    if (!key || key.revokedAt !== null) return null;
    // The index lookup found the row by hash; compare again in constant time
    // so no code path branches on a partial match.
    if (!timingSafeEqual(Buffer.from(key.hash, 'hex'), Buffer.from(hash, 'hex'))) return null;
    const tenant = await findTenant(this.db, key.tenantId);
    return tenant ? { tenant, keyId: key.id } : null;
  }
}
