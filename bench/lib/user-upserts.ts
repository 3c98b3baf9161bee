import { setTimeout as sleep } from 'node:timers/promises';
import { seededRandom } from '../../src/lib/seeded-random.js';
import { LoadClient, type RequestRecord } from './load-client.js';
import type { LoadTarget } from './session-load.js';

/**
 * PUT /v1/users/{id} at a steady rate (open loop: each due at its time, late
 * answers do not delay the next) until `untilAt`: existing generated users
 * (`user_<n>`, n ≤ `users`) get new properties, as an app syncing profiles does.
 * Recorded as kind 'user'.
 */
export async function upsertUsers(
  target: LoadTarget,
  options: { perSecond: number; users: number; untilAt: number; seed: number },
): Promise<RequestRecord[]> {
  const client = new LoadClient(target.origin, target.headers, 4);
  const random = seededRandom(options.seed);
  const sent: Promise<unknown>[] = [];
  const gapMs = 1000 / options.perSecond;
  for (let dueAt = performance.now(); dueAt < options.untilAt; dueAt += gapMs) {
    await sleep(Math.max(0, dueAt - performance.now()));
    const id = `user_${1 + Math.floor(random() * options.users)}`;
    const body = JSON.stringify({
      properties: { plan: random() < 0.5 ? 'free' : 'premium', app_version: `5.${Math.floor(random() * 20)}` },
    });
    sent.push(client.send('user', dueAt, 'PUT', `/v1/users/${id}`, body));
  }
  await Promise.all(sent);
  await client.close();
  return client.records;
}
