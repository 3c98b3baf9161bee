import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import { holdPort, type HeldPort } from '../helpers/held-port.js';
import { clientOf, closeListening, manualTimer } from '../helpers/listening-app.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('the client iterators on %s', (_name, backend) => {
  let f: FeedFixture;
  let served: { baseUrl: string };
  let held: HeldPort;
  beforeAll(async () => {
    held = await holdPort();
    served = { baseUrl: held.url };
    f = await startFeedFixture({ backend, perSource: 50 }); // 300 items
    held.serve(f.t.app.server);
  });
  afterAll(() => closeListening(held, f.t));

  it('iterating a feed of 300 items never repeats one, and ends when next_cursor is null', async () => {
    const client = clientOf(served, f.key, manualTimer(f.t.clock));
    for (const user of ['iterating-reader', undefined]) {
      const seen: string[] = [];
      let pages = 0;
      for await (const page of client.feedPages({ scenario: 'home', user_id: user, limit: 23 })) {
        pages++;
        seen.push(...page.items.map((item) => item.id));
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toHaveLength(300);
      expect(pages).toBe(Math.ceil(300 / 23));
    }
    const items: string[] = [];
    for await (const item of client.feedItems({ scenario: 'home', limit: 100 })) items.push(item.id);
    expect(new Set(items).size).toBe(300);
  });

  it('iterates over every user of the tenant, page after page', async () => {
    const { apiKey } = await f.t.createTenant();
    const client = clientOf(served, apiKey, manualTimer(f.t.clock));
    for (let i = 0; i < 11; i++) await client.putUser(`user-${String(i).padStart(2, '0')}`, { properties: {} });
    const ids: string[] = [];
    for await (const user of client.users({ limit: 3 })) ids.push(user.user_id);
    expect(ids.sort()).toEqual(Array.from({ length: 11 }, (_, i) => `user-${String(i).padStart(2, '0')}`));
  });
});
