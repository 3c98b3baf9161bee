import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/lib/seeded-random.js';
import { startChildServer, type ChildServer } from '../helpers/child-server.js';
import { mountLazyFs, type LazyMount } from '../helpers/lazy-mount.js';
import { until } from '../helpers/until.js';

/**
 * Issue 17, "power loss": every event that got a 202 has taken effect after a
 * crash, with no duplicates, on the embedded default (SQLite). A real
 * `content-feed serve` is killed with SIGKILL at random points while 20 clients
 * post batches of 100 events, then started again on the same DATA_DIR. Clients
 * send a batch again until it gets its 202, as a client must when its request
 * got no answer; the batch then counts once (events are deduplicated).
 *
 * CRASH_KILLS (default 5) sets the number of kills; CRASH_SEED the kill points.
 * CRASH_POWER_CUT=1 puts DATA_DIR on lazyfs.py (a FUSE filesystem that keeps
 * unsynced writes in memory; needs root, fuse3 and python3-fusepy, so not in CI)
 * and follows each kill by a power cut: every write not fsynced is lost.
 * The 50-kill runs are recorded in bench/RESULTS.md.
 */
const KILLS = Number(process.env.CRASH_KILLS ?? 5);
const SEED = Number(process.env.CRASH_SEED ?? 17);
const CLIENTS = 20;
const PER_BATCH = 100;
/** 10,000 events at least, and about ten batches between two kills. */
const BATCHES = Math.max(100, KILLS * 10);
const POWER_CUT = process.env.CRASH_POWER_CUT === '1';
const ADMIN_TOKEN = 'crash-admin-token-0123456789abcdef';

describe(`kill -9 of content-feed serve${POWER_CUT ? ' and a power cut' : ''} while 20 clients post events (SQLite)`, () => {
  it(`${KILLS} kills, ${BATCHES} batches of ${PER_BATCH}: every acknowledged event is stored and applied once (seed ${SEED})`, async () => {
    const lazy: LazyMount | null = POWER_CUT ? await mountLazyFs() : null;
    const dataDir = lazy?.dir ?? mkdtempSync(path.join(tmpdir(), 'cf-crash-'));
    const env = { DATA_DIR: dataDir, ADMIN_TOKEN, SECRET_KEY: 'crash-secret-key-0123456789abcdef0123456789' };
    const random = seededRandom(SEED);
    // Kill when this many batches have been acknowledged in all: distinct points, in order.
    const killPoints = [...new Set(Array.from({ length: KILLS }, () => 1 + Math.floor(random() * (BATCHES - 1))))].sort((a, b) => a - b);
    while (killPoints.length < KILLS) killPoints.push(killPoints.length + 1);
    killPoints.sort((a, b) => a - b);

    let server: ChildServer = await startChildServer(env);
    try {
      const admin = (method: string, url: string, body: unknown) =>
        fetch(`${server.url}${url}`, { method, headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<any>);
      const tenant = await admin('POST', '/admin/v1/tenants', { name: 'Crash', plan: 'custom', rate_limit_rps: 100_000, default_scenarios: false });
      const key = await admin('POST', `/admin/v1/tenants/${tenant.id}/api-keys`, {});
      expect(key.api_key, JSON.stringify({ tenant, key })).toMatch(/^cfk_/);
      const apiKey = key.api_key as string;

      // Batch b holds 100 session_start events of session `b<b>` by user `u<b>`, each at its own millisecond.
      const start = Date.now() - 60_000;
      const batchBody = (b: number) =>
        JSON.stringify({
          events: Array.from({ length: PER_BATCH }, (_, i) => ({
            type: 'session_start',
            session_id: `b${b}`,
            user_id: `u${b}`,
            occurred_at: new Date(start + b * PER_BATCH + i).toISOString(),
          })),
        });
      const acknowledged = new Set<number>();
      const pending: number[] = [];
      let nextNew = 0;
      let sends = 0;
      const unexpected: string[] = [];

      /** One round: clients post until the server dies (a kill at `killAt` acknowledgements) or nothing is left. */
      const round = async (killAt: number | null) => {
        let killing: Promise<unknown> | null = null;
        const client = async () => {
          for (;;) {
            if (killing) return;
            const b = pending.shift() ?? (nextNew < BATCHES ? nextNew++ : undefined);
            if (b === undefined) return;
            sends++;
            let status = 0;
            try {
              const res = await fetch(`${server.url}/v1/events`, {
                method: 'POST',
                headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
                body: batchBody(b),
              });
              status = res.status;
              await res.arrayBuffer();
            } catch {
              // No answer (the process is gone): not acknowledged, sent again after the restart.
            }
            if (status === 202) {
              acknowledged.add(b);
              if (killAt !== null && !killing && acknowledged.size >= killAt) killing = server.stop('SIGKILL');
            } else {
              pending.push(b);
              // No answer (0) or the 503 of a node shutting down: sent again. Anything else fails the test.
              if (status !== 0 && status !== 503) unexpected.push(`batch ${b}: ${status}`);
              if (status !== 503) return;
            }
          }
        };
        await Promise.all(Array.from({ length: CLIENTS }, client));
        await killing;
      };

      for (const killAt of killPoints) {
        await round(killAt);
        expect(unexpected).toEqual([]);
        expect(server.process.exitCode === null && server.process.signalCode === 'SIGKILL', 'killed').toBe(true);
        await lazy?.powerCut();
        server = await startChildServer(env);
      }
      await round(null);
      expect(unexpected).toEqual([]);
      expect(acknowledged.size).toBe(BATCHES);

      // Every event applied by the restarted node's processor.
      const db = new SQLite(path.join(dataDir, 'content-feed.sqlite'), { readonly: true });
      try {
        await until('every event processed', async () => {
          const row = db.prepare('select count(*) as n from events where processed = 0').get() as { n: number };
          return row.n === 0 ? true : undefined;
        }, 60_000);
        const perBatch = db.prepare("select session_id, count(*) as n from events where tenant_id = ? group by session_id").all(tenant.id) as Array<{ session_id: string; n: number }>;
        const counts = new Map(perBatch.map((r) => [r.session_id, r.n]));
        const wrong = [...acknowledged].filter((b) => counts.get(`b${b}`) !== PER_BATCH).map((b) => `b${b}: ${counts.get(`b${b}`) ?? 0}`);
        expect(wrong, 'batches not stored exactly once').toEqual([]);
        expect(perBatch.length).toBe(BATCHES);
        // Taken effect, once: each batch's session counts its 100 events, and its user exists.
        const sessions = db.prepare('select session_id, events from sessions where tenant_id = ?').all(tenant.id) as Array<{ session_id: string; events: number }>;
        const applied = new Map(sessions.map((r) => [r.session_id, r.events]));
        const misapplied = [...acknowledged].filter((b) => applied.get(`b${b}`) !== PER_BATCH).map((b) => `b${b}: ${applied.get(`b${b}`) ?? 0}`);
        expect(misapplied, 'batches not applied exactly once').toEqual([]);
        const users = db.prepare('select count(*) as n from users where tenant_id = ?').get(tenant.id) as { n: number };
        expect(users.n).toBe(BATCHES);
        console.log(`[crash${POWER_CUT ? ', power cuts' : ''}] ${KILLS} kills at ${killPoints.join(', ')} acknowledgements; ${sends} sends for ${BATCHES} batches (${BATCHES * PER_BATCH} events); 0 lost, 0 duplicated`);
      } finally {
        db.close();
      }
    } finally {
      await server.stop('SIGKILL');
      await lazy?.close();
    }
  }, 1_800_000);
});
