import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ThreadClient } from '../lib/thread-client.js';
import { loadUserFeedState, type UserFeedState } from './user-feed-state.js';
import type { UserStateThreadCall } from './user-state-thread.js';

/** Reads a user's feed state from the database (user-feed-state.ts). */
export type UserStateLoader = (tenantId: string, userId: string, now: number) => Promise<UserFeedState>;

/** On the calling thread: PostgreSQL (its reads never block the event loop) and in-memory SQLite. */
export function inlineUserStateLoader(db: Kysely<Database>): UserStateLoader {
  return (tenantId, userId, now) => loadUserFeedState(db, tenantId, userId, now);
}

const THREAD_ENTRY = new URL('./user-state-thread.js', import.meta.url);

/**
 * On the user-state thread, for a SQLite file: better-sqlite3 reads
 * synchronously, and a user not yet cached cost the HTTP thread up to 25 ms
 * of blocked event loop (issue 15). The thread starts at the first load.
 */
export class ThreadedUserStateLoader {
  private readonly thread: ThreadClient<UserStateThreadCall>;

  constructor(databaseUrl: string, onError: (error: Error) => void) {
    this.thread = new ThreadClient<UserStateThreadCall>('user-state', THREAD_ENTRY, { databaseUrl }, onError, false);
  }

  readonly load: UserStateLoader = async (tenantId, userId, now) =>
    (await this.thread.call({ tenantId, userId, now })).result as UserFeedState;

  /** Starts the thread before the first read needs it (serve, once it listens). */
  warmUp(): void {
    this.thread.warm();
  }

  /** CPU seconds the thread has used (null where the system does not tell). */
  cpuSeconds(): number | null {
    const ms = this.thread.cpuMs;
    return ms === null ? null : ms / 1000;
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
