import { FEED_DATA } from './feed.bench.js';
import type { BenchRow } from './contents-pipeline.bench.js';
import { sqliteBackend, withDatabase } from './lib/backends.js';
import { generateFeedData } from './lib/feed-data.js';
import { openDatabase } from '../src/db/connect.js';
import { itemVectorModelVersion } from '../src/content/item-vector-store.js';
import { ContentPool } from '../src/feed/content-pool.js';
import { LIST_SIZE } from '../src/feed/held-list.js';
import { Popularity } from '../src/feed/popularity.js';
import { RankingEngine, type EngineRequest } from '../src/feed/ranking-engine.js';
import { FEED_CHANNELS, type ChannelSizes } from '../src/feed/retrieve-candidates.js';
import { loadUserFeedStates } from '../src/feed/user-feed-state.js';
import { CollaborativeModels } from '../src/learning/collaborative-models.js';
import { PUSH_CHANNELS } from '../src/push/push-batch-rankings.js';
import { DEFAULT_ALGORITHM } from '../src/scenarios/algorithm-config.js';

/** Users with histories ranked per round (the bench data gives the first 10,000 a history). */
const USERS = 1_000;
const ROUNDS = 3;
/** The feed benchmark's algorithm (bench/lib/feed-node.ts). */
const CONFIG = { ...DEFAULT_ALGORITHM, min_trust_level: 1, max_age_hours: 168, languages: ['ja'] };

/**
 * `npm run bench -- ranking`: what one user's ranking costs on the ranking
 * thread, without HTTP, threads or a load generator around it: the engine
 * (ranking-engine.ts) on its own pool of the feed benchmark's 100,000 items,
 * ranking the same users' lists (60 items, the feed's channels) and push
 * candidates (3, push's channels) in alternating rounds. CPU per ranking is
 * the process's CPU time over the round (one thread does the work). Where it
 * goes: `node --cpu-prof --cpu-prof-dir=DIR --import tsx bench/run.ts ranking`
 * (the data's generation is in that profile too).
 */
export async function rankingBench(): Promise<BenchRow[]> {
  return withDatabase(sqliteBackend, async (database) => {
    await generateFeedData({ databaseUrl: database.url, ...FEED_DATA });
    const { db, close } = openDatabase(database.url);
    try {
      const now = Date.now();
      const clock = { now: () => now };
      const pool = new ContentPool(db, clock, 256);
      const engine = new RankingEngine(pool, new Popularity(db, clock), new CollaborativeModels(db, clock), 100_000);
      await engine.warmUp();
      await pool.whenComplete();
      const [tenant] = await db.selectFrom('tenants').select('id').execute();
      const tenantId = tenant!.id;
      const version = await itemVectorModelVersion(db);
      const userIds = Array.from({ length: USERS }, (_, i) => `user_${i + 1}`);
      const states = await loadUserFeedStates(db, tenantId, userIds, now);
      const request = (userId: string, limit: number, pageSize: number, channels: ChannelSizes): EngineRequest => {
        const user = states.get(userId)!;
        return {
          tenantId,
          config: CONFIG,
          user: { registered: user.registered, followed: user.followed, blocked: user.blocked, read: user.read, signals: user.signals },
          interestVector: null,
          latent: version > 0 ? { version, interests: null } : null,
          interestCategory: null,
          areas: [],
          now,
          seedKey: userId,
          limit,
          pageSize,
          channels,
        };
      };
      // Warm the JIT and the engine's caches (popularity, model) before measuring.
      for (const userId of userIds.slice(0, 100)) await engine.rank(request(userId, LIST_SIZE, 20, FEED_CHANNELS));

      const kinds = [
        { name: 'feed list (60 items, feed channels)', make: (u: string) => request(u, LIST_SIZE, 20, FEED_CHANNELS) },
        { name: 'push user (3 + 2 spare, push channels)', make: (u: string) => request(u, 5, 3, PUSH_CHANNELS) },
      ];
      const cpu = new Map<string, number[]>(kinds.map((k) => [k.name, []]));
      for (let round = 0; round < ROUNDS; round++) {
        for (const kind of kinds) {
          const started = process.cpuUsage();
          for (const userId of userIds) await engine.rank(kind.make(userId));
          const used = process.cpuUsage(started);
          cpu.get(kind.name)!.push((used.user + used.system) / 1000 / userIds.length);
        }
      }
      return kinds.map((kind) => {
        const each = cpu.get(kind.name)!.sort((a, b) => a - b);
        return {
          name: `CPU per ranking: ${kind.name}, ${USERS.toLocaleString('en')} users with histories`,
          value: `median ${each[Math.floor(each.length / 2)]!.toFixed(3)} ms (rounds ${each.map((ms) => ms.toFixed(3)).join(', ')})`,
        };
      });
    } finally {
      await close();
    }
  });
}
