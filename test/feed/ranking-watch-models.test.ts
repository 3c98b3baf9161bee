import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentPool } from '../../src/feed/content-pool.js';
import { Popularity } from '../../src/feed/popularity.js';
import { RankingEngine, type EngineRequest } from '../../src/feed/ranking-engine.js';
import { loadUserFeedStates } from '../../src/feed/user-feed-state.js';
import { CollaborativeModels } from '../../src/learning/collaborative-models.js';
import { DEFAULT_ALGORITHM } from '../../src/scenarios/algorithm-config.js';
import { testBackends } from '../helpers/backends.js';
import { token } from '../helpers/events.js';
import { FIXTURE_ALGORITHM, startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * A ranking thread watches every list it ranked, so a sweep can tell when a new
 * article would enter it. A watch must not keep the collaborative model it was
 * ranked with: lists sit idle for hours while the tenant's model is trained
 * again every few minutes, and each generation (32 floats an item and an id map)
 * would stay in memory as long as one idle list had seen it.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('a watched list and the models trained since on %s', (_name, backend) => {
  let f: FeedFixture;
  const readers = Array.from({ length: 12 }, (_, i) => `reader-${i}`);

  beforeAll(async () => {
    f = await startFeedFixture({ backend, perSource: 6 });
    const all = Object.values(f.items).flat();
    for (const [r, userId] of readers.entries()) {
      await f.t.api(f.key, 'PUT', `/v1/users/${userId}`, { properties: {} });
      const at = new Date(f.t.clock.now()).toISOString();
      const events = [0, 1, 2, 3, 4].map((k) => ({
        type: 'click',
        session_id: `s-${userId}`,
        user_id: userId,
        tracking_token: token(f.t, f.tenantId, all[(r * 3 + k * 7) % all.length]!, { userId }),
        occurred_at: at,
      }));
      expect((await f.t.api(f.key, 'POST', '/v1/events', { events })).statusCode).toBe(202);
    }
    await f.t.processEvents();
  });
  afterAll(() => f.t.close());

  it('lets an older model generation go once a newer one ranks', async () => {
    const { db } = f.t.deps;
    const clock = f.t.clock;
    const train = async () => expect((await f.t.admin('POST', `/admin/v1/tenants/${f.tenantId}/model/train`)).statusCode).toBe(200);
    const models = new CollaborativeModels(db, clock);
    const engine = new RankingEngine(new ContentPool(db, clock, 256), new Popularity(db, clock), models, 100);
    const states = await loadUserFeedStates(db, f.tenantId, readers, clock.now());
    const rank = (userId: string) => {
      const user = states.get(userId)!;
      const request: EngineRequest = {
        tenantId: f.tenantId,
        config: { ...DEFAULT_ALGORITHM, ...FIXTURE_ALGORITHM },
        user: { registered: true, followed: user.followed, blocked: user.blocked, read: user.read, signals: user.signals },
        interestVector: null,
        latent: null,
        interestCategory: null,
        areas: [],
        now: clock.now(),
        seedKey: userId,
        limit: 20,
        pageSize: 20,
        watchKey: `list-${userId}`,
      };
      return engine.rank(request);
    };
    // In a function of its own, so no variable of the test holds the model.
    const heldNow = async (version: number) => {
      const model = await models.of(f.tenantId);
      expect(model?.version).toBe(version);
      return new WeakRef(model!);
    };

    await train();
    expect((await rank('reader-0')).ids.length).toBeGreaterThan(0); // watched, ranked with the first model
    const first = await heldNow(1);

    await train();
    engine.modelChanged(f.tenantId);
    clock.advance(60_000);
    expect((await rank('reader-1')).ids.length).toBeGreaterThan(0); // ranked with the second
    await heldNow(2);

    for (let i = 0; i < 3 && first.deref() !== undefined; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      gc();
    }
    expect(first.deref()).toBeUndefined();
  });
});
