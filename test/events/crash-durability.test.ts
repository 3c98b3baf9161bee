import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TrackingTokens } from '../../src/tracking/tracking-token.js';
import { testBackends, type TestDatabase } from '../helpers/backends.js';
import { startChildServer, type ChildServer } from '../helpers/child-server.js';

const SECRET_KEY = 'crash-test-secret-key-0123456789abcdef';
const ADMIN_TOKEN = 'crash-test-admin-token-0123456789';
const CLIENTS = 20;
const BATCHES_PER_CLIENT = 5;
const EVENTS_PER_BATCH = 100; // 20 clients × 5 × 100 = 10,000 events planned; the kill cuts it short

describe.each(testBackends().map((b) => [b.name, b] as const))('events survive kill -9 (a real server process) on %s', (_name, backend) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-crash-'));
  let database: TestDatabase | null = null;
  let server: ChildServer | null = null;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await database?.drop();
  });

  it('every event answered 202 before the kill takes effect after restart, none twice', async () => {
    database = await backend.create();
    const env = { DATA_DIR: dataDir, SECRET_KEY, ADMIN_TOKEN, DATABASE_URL: database.url };
    server = await startChildServer(env);
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
    const post = async (url: string, body: unknown, headers = admin) =>
      (await fetch(`${server!.url}${url}`, { method: 'POST', headers, body: JSON.stringify(body) })).json() as Promise<any>;
    const tenant = await post('/admin/v1/tenants', { name: 'crash', plan: 'custom', rate_limit_rps: 100_000 });
    const { api_key: apiKey } = await post(`/admin/v1/tenants/${tenant.id}/api-keys`, {});
    const source = await post('/admin/v1/sources', { name: 'S', trust_level: 2 });
    const content = await post('/admin/v1/contents', {
      source_id: source.id,
      url: 'https://news.example/crash',
      title: 'T',
      published_at: new Date().toISOString(),
    });
    const tokens = new TrackingTokens(SECRET_KEY);
    const apiHeaders = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };

    const batch = (client: number, b: number) =>
      Array.from({ length: EVENTS_PER_BATCH }, (_, i) => {
        const userId = `c${client}-b${b}-u${Math.floor(i / 2)}`;
        const occurred_at = new Date().toISOString();
        return i % 2 === 0
          ? { type: 'login', user_id: userId, session_id: `s-${userId}`, occurred_at }
          : {
              type: 'click',
              user_id: userId,
              session_id: `s-${userId}`,
              occurred_at,
              tracking_token: tokens.issue({
                tenantId: tenant.id,
                contentId: content.id,
                scenario: 'home',
                channel: 'feed',
                userId,
                requestId: 'r',
                position: 0,
                issuedAt: 0,
              }),
            };
      });

    const acked: { events: any[] }[] = [];
    let sent = 0;
    let killed = false;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let b = 0; b < BATCHES_PER_CLIENT && !killed; b++) {
          const events = batch(client, b);
          sent += events.length;
          try {
            const res = await fetch(`${server!.url}/v1/events`, { method: 'POST', headers: apiHeaders, body: JSON.stringify({ events }) });
            if (res.status === 202) acked.push({ events });
          } catch {
            return; // the server died under this request: its batch may or may not be stored
          }
          if (!killed && acked.length * EVENTS_PER_BATCH >= 5_000) {
            killed = true;
            server!.process.kill('SIGKILL');
          }
        }
      }),
    );
    expect(killed).toBe(true);
    await server.stop('SIGKILL');

    server = await startChildServer(env);
    const waitProcessed = async () => {
      for (let i = 0; i < 100; i++) {
        const text = await (await fetch(`${server!.url}/metrics`)).text();
        if (/^events_unprocessed 0$/m.test(text)) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('events not processed in 10 s');
    };
    await waitProcessed();

    const listUsers = async () => {
      const ids = new Set<string>();
      let cursor: string | null = null;
      do {
        const page: any = await (
          await fetch(`${server!.url}/v1/users?limit=1000${cursor ? `&cursor=${cursor}` : ''}`, { headers: apiHeaders })
        ).json();
        for (const u of page.users) ids.add(u.user_id);
        cursor = page.meta.next_cursor;
      } while (cursor);
      return ids;
    };
    const clicks = async () =>
      ((await (await fetch(`${server!.url}/admin/v1/tenants/${tenant.id}/metrics`, { headers: admin })).json()) as any).clicks as number;

    const users = await listUsers();
    const ackedUsers = acked.flatMap((a) => a.events.filter((e) => e.type === 'login').map((e) => e.user_id));
    const ackedClicks = ackedUsers.length;
    expect(ackedClicks).toBeGreaterThanOrEqual(5_000 / 2);
    for (const id of ackedUsers) expect(users.has(id), id).toBe(true);
    const clicksAfterCrash = await clicks();
    expect(clicksAfterCrash).toBeGreaterThanOrEqual(ackedClicks);
    expect(clicksAfterCrash).toBeLessThanOrEqual(sent / 2);
    expect(users.size).toBe(clicksAfterCrash); // each stored batch has as many logins as clicks

    // Resending everything acknowledged changes nothing: each event took effect once.
    for (const a of acked) {
      const res = await fetch(`${server.url}/v1/events`, {
        method: 'POST',
        headers: apiHeaders,
        body: JSON.stringify({ events: a.events }),
      });
      expect(res.status).toBe(202);
    }
    await waitProcessed();
    expect(await clicks()).toBe(clicksAfterCrash);
    expect((await listUsers()).size).toBe(users.size);
  }, 120_000);
});
