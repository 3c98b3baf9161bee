import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testBackends, testNatsUrl } from '../helpers/backends.js';
import { startChildServer, startChildWorker, type ChildServer, type ChildWorker } from '../helpers/child-server.js';
import { createCrashTenant } from '../helpers/crash-tenant.js';
import { EventLoad } from '../helpers/event-load.js';
import { until } from '../helpers/until.js';

/**
 * Issue 20: with the event log on NATS JetStream, a `kill -9` of a worker that
 * applies events and of the API node that accepts them, while 10 clients post
 * batches of 100 events, loses no acknowledged event and applies none twice.
 * Real processes: `content-feed serve --no-workers` and two `content-feed
 * worker`s on PostgreSQL and the real NATS server. Clients send a batch again
 * until it gets its 202, as a client must when its request got no answer.
 */
const natsUrl = testNatsUrl();
const postgres = testBackends().find((b) => b.name === 'postgres');
const CLIENTS = 10;
const PER_BATCH = 100;
const BATCHES = 60;
const KILL_WORKER_AT = 15;
const KILL_API_AT = 30;
const ADMIN_TOKEN = 'nats-crash-admin-token-0123456789abcdef';

describe.skipIf(!natsUrl || !postgres)('kill -9 of a worker and of the API node with the event log on NATS JetStream (PostgreSQL)', () => {
  it(`${BATCHES} batches of ${PER_BATCH} from ${CLIENTS} clients: every acknowledged event applied once`, async () => {
    const database = await postgres!.create();
    const stream = `cf-test-kill-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    const env = {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cf-nats-crash-')),
      DATABASE_URL: database.url,
      EVENT_LOG_URL: natsUrl!,
      EVENT_LOG_STREAM: stream,
      EVENT_LOG_PARTITIONS: '4',
      EVENT_LOG_LEASE_MS: '1500',
      RANKING_THREADS: '0',
      ADMIN_TOKEN,
      SECRET_KEY: 'nats-crash-secret-key-0123456789abcdef0123456789',
    };
    const db = new pg.Client({ connectionString: database.url });
    const workers: ChildWorker[] = [];
    let server: ChildServer | null = null;
    try {
      server = await startChildServer(env, ['--no-workers']);
      workers.push(...(await Promise.all([startChildWorker(env), startChildWorker(env)])));
      await db.connect();
      const query = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];
      const { tenantId, apiKey } = await createCrashTenant(server.url, ADMIN_TOKEN);

      // Both workers hold partitions before the load starts: the one killed is applying events.
      await until('both workers hold partitions', async () => {
        const rows = await query<{ n: string }>(
          'select count(distinct owner) as n from event_log_partitions where stream = $1 and owner is not null',
          [stream],
        );
        return Number(rows[0]!.n) === 2 ? true : undefined;
      });

      const load = new EventLoad({ apiKey, batches: BATCHES, perBatch: PER_BATCH, clients: CLIENTS });
      let workerKill = null as Promise<unknown> | null; // assigned in the clients' callbacks
      /**
       * One round: clients post until the API node is killed (at `killApiAt` acknowledgements)
       * or nothing is left; the worker is killed at KILL_WORKER_AT.
       */
      const round = (killApiAt: number | null) =>
        load.round(server!.url, (acknowledged) => {
          if (acknowledged >= KILL_WORKER_AT && !workerKill) workerKill = workers[0]!.stop('SIGKILL');
          return killApiAt !== null && acknowledged >= killApiAt ? server!.stop('SIGKILL') : null;
        });

      await round(KILL_API_AT);
      await workerKill;
      expect(server.process.signalCode).toBe('SIGKILL');
      expect(workers[0]!.process.signalCode).toBe('SIGKILL');
      server = await startChildServer(env, ['--no-workers']);
      await round(null);
      expect(load.unexpected).toEqual([]);
      expect(load.acknowledged.size).toBe(BATCHES);

      // The surviving worker took the killed one's partitions over and applied everything, once.
      await until(
        'every acknowledged event applied',
        async () => {
          const rows = await query<{ n: string }>('select count(*) as n from sessions where tenant_id = $1 and events = $2', [
            tenantId,
            PER_BATCH,
          ]);
          return Number(rows[0]!.n) === BATCHES ? true : undefined;
        },
        60_000,
      );
      const stored = await query<{ session_id: string; n: string }>(
        'select session_id, count(*) as n from events where tenant_id = $1 group by session_id',
        [tenantId],
      );
      const wrong = stored.filter((r) => Number(r.n) !== PER_BATCH).map((r) => `${r.session_id}: ${r.n}`);
      expect(wrong, 'batches not stored exactly once').toEqual([]);
      expect(stored).toHaveLength(BATCHES);
      const sessions = await query<{ session_id: string; events: number }>('select session_id, events from sessions where tenant_id = $1', [
        tenantId,
      ]);
      expect(
        sessions.filter((r) => Number(r.events) !== PER_BATCH),
        'batches not applied exactly once',
      ).toEqual([]);
      const users = await query<{ n: string }>('select count(*) as n from users where tenant_id = $1', [tenantId]);
      expect(Number(users[0]!.n)).toBe(BATCHES);
      const owners = await query<{ owner: string }>('select distinct owner from event_log_partitions where stream = $1', [stream]);
      expect(owners, 'the surviving worker holds every partition').toHaveLength(1);
      console.log(
        `[nats crash] worker killed at ${KILL_WORKER_AT}, API node at ${KILL_API_AT} acknowledgements; ${load.sends} ` +
          `sends for ${BATCHES} batches (${BATCHES * PER_BATCH} events); 0 lost, 0 duplicated`,
      );
    } finally {
      await server?.stop('SIGKILL');
      await Promise.all(workers.map((w) => w.stop('SIGKILL')));
      await db.end().catch(() => undefined);
      await database.drop();
      const url = new URL(natsUrl!);
      const nc = await connect({ servers: `${url.hostname}:${url.port || 4222}` });
      await (await jetstreamManager(nc)).streams.delete(stream).catch(() => undefined);
      await nc.close();
    }
  }, 180_000);
});
