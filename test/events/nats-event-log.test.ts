import { DiscardPolicy, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../src/events/event-types.js';
import { partitionOf } from '../../src/events/nats-event-log.js';
import { ManualClock } from '../../src/lib/clock.js';
import { testBackends, testNatsUrl, type TestDatabase } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { until } from '../helpers/until.js';

/**
 * The event log on NATS JetStream (EVENT_LOG_URL, issue 20): against the real
 * server and PostgreSQL. Every test has a stream of its own, so test files
 * running at once never share one.
 */
const natsUrl = testNatsUrl();
const postgres = testBackends().find((b) => b.name === 'postgres');
const PARTITIONS = 4;
const LEASE_MS = 3000;
const uniqueStream = (what: string) => `cf-test-${what}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
const logEnv = (stream: string) => ({
  EVENT_LOG_URL: natsUrl!,
  EVENT_LOG_STREAM: stream,
  EVENT_LOG_PARTITIONS: String(PARTITIONS),
  EVENT_LOG_LEASE_MS: String(LEASE_MS),
});

describe.skipIf(!natsUrl || !postgres)('event log on NATS JetStream (EVENT_LOG_URL) with PostgreSQL', () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  const streams: string[] = [];
  beforeAll(async () => {
    const url = new URL(natsUrl!);
    nc = await connect({ servers: `${url.hostname}:${url.port || 4222}` });
    jsm = await jetstreamManager(nc);
  });
  afterAll(async () => {
    for (const s of streams) await jsm.streams.delete(s).catch(() => undefined);
    await nc?.close();
  });

  /** Every event in the stream, in stream order. */
  const streamEvents = async (stream: string): Promise<LoggedEvent[]> => {
    const info = await jsm.streams.info(stream);
    const out: LoggedEvent[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
      const m = await jsm.streams.getMessage(stream, { seq });
      out.push(...m!.json<LoggedEvent[]>());
    }
    return out;
  };

  it('202 only once JetStream stored the batch: a retry is stored once, a batch the stream refuses is not acknowledged', async () => {
    const stream = uniqueStream('intake');
    streams.push(stream);
    const t = await startTestApp({ backend: postgres!, env: logEnv(stream) });
    try {
      const { apiKey, tenantId } = await t.createTenant({ plan: 'enterprise' });
      const at = (i: number) => new Date(t.clock.now() - 1000 + i).toISOString();
      const batch = Array.from({ length: 10 }, (_, i) => ({ type: 'login', session_id: `s${i}`, user_id: `u${i}`, occurred_at: at(i) }));

      const res = await t.api(apiKey, 'POST', '/v1/events', { events: batch });
      expect(res.statusCode).toBe(202);
      // In the stream already (nothing processed it: no processor runs in this test), one message per partition touched.
      const touched = new Set(batch.map((e) => partitionOf({ tenantId, userId: e.user_id, sessionId: e.session_id }, PARTITIONS)));
      expect((await jsm.streams.info(stream)).state.messages).toBe(touched.size);
      expect((await streamEvents(stream)).map((e) => e.userId).sort()).toEqual(batch.map((e) => e.user_id).sort());
      // Nothing of it in PostgreSQL: the database holds only what processors applied.
      expect(Number((await sql<{ n: string }>`select count(*) as n from events`.execute(t.deps.db)).rows[0]!.n)).toBe(0);

      // The client got no answer and sends the batch again: 202, stored once (Nats-Msg-Id).
      expect((await t.api(apiKey, 'POST', '/v1/events', { events: batch })).statusCode).toBe(202);
      expect((await jsm.streams.info(stream)).state.messages).toBe(touched.size);

      // A stream that refuses more messages: the batch is not acknowledged.
      const info = await jsm.streams.info(stream);
      await jsm.streams.update(stream, { ...info.config, max_msgs: info.state.messages, discard: DiscardPolicy.New });
      const refused = await t.api(apiKey, 'POST', '/v1/events', {
        events: [{ type: 'login', session_id: 'late', user_id: 'late', occurred_at: at(20) }],
      });
      expect(refused.statusCode).toBe(503);
      expect((await jsm.streams.info(stream)).state.messages).toBe(touched.size);
    } finally {
      await t.close();
    }
  });

  describe('two processors', () => {
    const stream = uniqueStream('order');
    const clock = new ManualClock(Date.now());
    let database: TestDatabase;
    let a: TestApp;
    let b: TestApp;
    let apiKey: string;
    let tenantId: string;
    const USERS = 20;
    const STEPS = 5;
    beforeAll(async () => {
      streams.push(stream);
      database = await postgres!.create();
      a = await startTestApp({ database, env: logEnv(stream), clock });
      b = await startTestApp({ database: { url: database.url, drop: async () => {} }, env: logEnv(stream), clock });
      ({ apiKey, tenantId } = await a.createTenant({ plan: 'enterprise' }));
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    const owners = async () =>
      await a.deps.db
        .selectFrom('event_log_partitions')
        .select(['partition', 'owner', 'applied_seq'])
        .where('stream', '=', stream)
        .orderBy('partition')
        .execute();
    const count = async (query: string) => Number((await sql<{ n: string }>`${sql.raw(query)}`.execute(a.deps.db)).rows[0]!.n ?? 0);
    const bothProcess = async () => {
      await b.processEvents();
      await a.processEvents();
    };

    it('hold half the partitions each, and apply each user’s events in the order they were accepted', async () => {
      await a.processEvents(); // a takes every partition
      await b.processEvents(); // b is alive, holds none yet
      clock.advance(LEASE_MS / 3 + 1);
      await a.processEvents(); // a gives back what is beyond its share
      await b.processEvents(); // b takes it
      const held = await owners();
      expect(held.filter((r) => r.owner !== null)).toHaveLength(PARTITIONS);
      expect(new Set(held.map((r) => r.owner)).size).toBe(2);
      expect(held.filter((r) => r.owner === held[0]!.owner)).toHaveLength(PARTITIONS / 2);

      // Each user sends STEPS logins one after the other (each after the previous one's 202); users at once.
      const base = clock.now() - 60_000;
      await Promise.all(
        Array.from({ length: USERS }, async (_, u) => {
          for (let step = 0; step < STEPS; step++) {
            const res = await a.api(apiKey, 'POST', '/v1/events', {
              events: [
                {
                  type: 'login',
                  session_id: `s${u}`,
                  user_id: `u${u}`,
                  occurred_at: new Date(base + step * 1000 + u).toISOString(),
                  metadata: { user_attributes: { step } },
                },
              ],
            });
            expect(res.statusCode).toBe(202);
          }
        }),
      );
      await until('every event applied', async () => {
        await bothProcess();
        return (await count(`select count(*) as n from events`)) === USERS * STEPS ? true : undefined;
      });

      // Applied in order: the rows (numbered as they are applied) of each user go step 0, 1, 2, …
      const rows = await a.deps.db
        .selectFrom('events')
        .select(['user_id', 'metadata'])
        .where('tenant_id', '=', tenantId)
        .orderBy('seq')
        .execute();
      const stepsOf = new Map<string, number[]>();
      for (const r of rows) stepsOf.set(r.user_id!, [...(stepsOf.get(r.user_id!) ?? []), JSON.parse(r.metadata!).user_attributes.step]);
      const outOfOrder = [...stepsOf].filter(([, steps]) => steps.join() !== '0,1,2,3,4').map(([u, steps]) => `${u}: ${steps.join()}`);
      expect(outOfOrder).toEqual([]);
      // And so the profile holds the last login's attributes.
      const user = (await a.api(apiKey, 'GET', '/v1/users/u7')).json();
      expect(user.properties.step).toBe(STEPS - 1);
    });

    it('replaying the whole log from the start applies nothing twice', async () => {
      const effects = async () => ({
        events: await count(`select count(*) as n from events`),
        daily: await count(`select sum(events) as n from daily_stats where tenant_id = '${tenantId}'`),
        sessions: await count(`select sum(events) as n from sessions where tenant_id = '${tenantId}'`),
        users: await count(`select count(*) as n from users where tenant_id = '${tenantId}'`),
      });
      const before = await effects();
      expect(before).toEqual({ events: USERS * STEPS, daily: USERS * STEPS, sessions: USERS * STEPS, users: USERS });
      const positions = await owners();

      // As if every position were lost: back to 0, and the consumers gone (the processors read each partition again from the start).
      await a.deps.db.updateTable('event_log_partitions').set({ applied_seq: 0 }).where('stream', '=', stream).execute();
      for (let p = 0; p < PARTITIONS; p++) await jsm.consumers.delete(stream, `${stream}-p${p}`);
      await until('the log replayed', async () => {
        await bothProcess();
        const now = await owners();
        return now.every((r, i) => r.applied_seq === positions[i]!.applied_seq) ? true : undefined;
      });
      expect(await effects()).toEqual(before);
      expect((await a.api(apiKey, 'GET', '/v1/users/u7')).json().properties.step).toBe(STEPS - 1);
    });

    it('a user’s applied events are read back (the console’s list) and erased with the user', async () => {
      const listed = await a.admin('GET', `/admin/v1/tenants/${tenantId}/users/u3/events`);
      expect(listed.statusCode).toBe(200);
      expect(listed.json().events.map((e: { metadata: { user_attributes: { step: number } } }) => e.metadata.user_attributes.step)).toEqual(
        [4, 3, 2, 1, 0],
      );
      expect((await a.api(apiKey, 'DELETE', '/v1/users/u3')).statusCode).toBe(204);
      await bothProcess();
      expect(await count(`select count(*) as n from events where tenant_id = '${tenantId}' and user_id = 'u3'`)).toBe(0);
      expect((await a.api(apiKey, 'GET', '/v1/users/u3')).statusCode).toBe(404);
    });
  });
});

describe('EVENT_LOG_URL configuration', () => {
  it('is refused with a SQLite database, naming what it needs', async () => {
    const { loadConfig } = await import('../../src/config.js');
    expect(() =>
      loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.sqlite', EVENT_LOG_URL: 'nats://127.0.0.1:4222' }, { readDotEnv: false }),
    ).toThrow(/EVENT_LOG_URL needs DATABASE_URL=postgres:\/\//);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://h/db', EVENT_LOG_URL: 'kafka://h:9092' }, { readDotEnv: false })).toThrow(
      /EVENT_LOG_URL must use one of nats:\/\//,
    );
    const config = loadConfig({ DATABASE_URL: 'postgres://h/db', EVENT_LOG_URL: 'nats://h:4222' }, { readDotEnv: false });
    expect(config.eventLog).toEqual({ url: 'nats://h:4222', stream: 'content-feed-events', partitions: 16, leaseMs: 10_000 });
  });
});
