/**
 * Issue 20, part 3: PostgreSQL's CPU per 100 events with and without the event
 * log on NATS JetStream (EVENT_LOG_URL). For each mode, on a fresh database: one
 * `serve --no-workers` API node and one `worker`, from the sources (through
 * tsx: the node processes' CPU is not what this measures); 8 clients post
 * EVENTS events in batches of 100 (the events bench's mix: a session start,
 * a click and 8 impressions with signed tracking tokens per 10); the window
 * ends when every event is applied. PostgreSQL's CPU is that of the backends
 * serving the bench database (as bench/lib/fleet-setups.ts counts it).
 *
 *   npx tsx bench/event-log-pg-cpu.ts
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_NATS_URL
 * (default nats://127.0.0.1:4222), BENCH_EVENTS (default 20000). Not run by `npm run bench`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { TrackingTokens } from '../src/tracking/tracking-token.js';
import { startChildServer, startChildWorker } from '../test/helpers/child-server.js';
import { measureCpu, processesWhere } from './lib/cpu-sampler.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const PER_REQUEST = 100;
const CLIENTS = 8;
const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';
const SECRET_KEY = 'bench-secret-key-0123456789abcdef0123456789';

async function admin(base: pg.Client | null, sqlText: string): Promise<void> {
  const client = base ?? new pg.Client({ connectionString: ADMIN_URL });
  if (!base) await client.connect();
  await client.query(sqlText);
  if (!base) await client.end();
}

async function run(mode: 'events table' | 'NATS log'): Promise<{ mode: string; seconds: number; pgCpuSeconds: number; msPer100: number }> {
  const name = `cf_bench_evlog_${mode === 'NATS log' ? 'nats' : 'table'}_${Date.now().toString(36)}`;
  await admin(null, `CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const stream = `cf-bench-${name}`;
  const env: Record<string, string> = {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cf-bench-evlog-')),
    DATABASE_URL: url.toString(),
    ADMIN_TOKEN,
    SECRET_KEY,
    RANKING_THREADS: '0',
    ...(mode === 'NATS log' ? { EVENT_LOG_URL: NATS_URL, EVENT_LOG_STREAM: stream } : {}),
  };
  const server = await startChildServer(env, ['--no-workers']);
  const worker = await startChildWorker(env);
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    const call = async (method: string, route: string, body: unknown, key = ADMIN_TOKEN) => {
      const res = await fetch(`${server.url}${route}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await res.json()) as any;
    };
    const tenant = await call('POST', '/admin/v1/tenants', {
      name: 'Bench',
      plan: 'custom',
      rate_limit_rps: 100_000,
      default_scenarios: false,
    });
    const apiKey = (await call('POST', `/admin/v1/tenants/${tenant.id}/api-keys`, {})).api_key as string;
    const source = await call('POST', '/admin/v1/sources', { name: 'Bench', trust_level: 2, language: 'ja' });
    const content = await call('POST', '/admin/v1/contents', {
      title: 'Bench',
      url: 'https://bench.example/1',
      source_id: source.id,
      published_at: new Date().toISOString(),
    });
    const tokens = new TrackingTokens(SECRET_KEY);
    const userTokens = Array.from({ length: 50 }, (_, u) =>
      tokens.issue({
        tenantId: tenant.id,
        contentId: content.id,
        scenario: 'home',
        channel: 'feed',
        userId: `user-${u}`,
        requestId: 'bench',
        position: 0,
        issuedAt: 0,
      }),
    );
    let n = 0;
    const body = () => {
      n += 1;
      const now = Date.now();
      return JSON.stringify({
        events: Array.from({ length: PER_REQUEST }, (_, i) => {
          // Each at its own millisecond: events of one session, type and time are one event (deduplicated).
          const at = new Date(now - PER_REQUEST + i).toISOString();
          const u = (n * 7 + i) % 50;
          const session = `s-${n}-${u}`;
          if (i % 10 === 0) return { type: 'session_start', session_id: session, user_id: `user-${u}`, occurred_at: at };
          return {
            type: i % 10 === 1 ? 'click' : 'impression',
            session_id: session,
            user_id: `user-${u}`,
            occurred_at: at,
            tracking_token: userTokens[u],
          };
        }),
      });
    };
    const pgBackends = () => processesWhere((comm, cmdline) => comm === 'postgres' && cmdline.includes(` ${name} `));
    let sent = 0;
    const { cpu } = await measureCpu([{ name: 'PostgreSQL', pids: pgBackends }], async () => {
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (sent < EVENTS) {
            sent += PER_REQUEST;
            const res = await fetch(`${server.url}/v1/events`, {
              method: 'POST',
              headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
              body: body(),
            });
            if (res.status !== 202) throw new Error(`POST /v1/events: ${res.status} ${await res.text()}`);
          }
        }),
      );
      // Every event applied: the daily event counter (written by the processor) reaches the total.
      for (;;) {
        const row = (await db.query('select coalesce(sum(events), 0) as n from daily_stats where tenant_id = $1', [tenant.id])).rows[0];
        if (Number(row.n) >= sent) break;
        await new Promise((r) => setTimeout(r, 250));
      }
    });
    const pgCpuSeconds = cpu.cores.PostgreSQL! * cpu.seconds;
    return { mode, seconds: cpu.seconds, pgCpuSeconds, msPer100: (pgCpuSeconds * 1000) / (sent / PER_REQUEST) };
  } finally {
    await db.end();
    await worker.stop('SIGTERM');
    await server.stop('SIGTERM');
    await admin(null, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    if (mode === 'NATS log') {
      const nc = await connect({ servers: NATS_URL.replace(/^nats:\/\//, '') });
      await (await jetstreamManager(nc)).streams.delete(stream).catch(() => undefined);
      await nc.close();
    }
  }
}

const rows = [];
for (const mode of ['events table', 'NATS log'] as const) rows.push(await run(mode));
console.log(`${EVENTS} events, ${PER_REQUEST} a request, ${CLIENTS} clients; one API node (--no-workers) and one worker on PostgreSQL`);
console.log('| log | seconds (intake + processing) | PostgreSQL CPU s | PostgreSQL CPU ms per 100 events |');
console.log('|---|---|---|---|');
for (const r of rows) console.log(`| ${r.mode} | ${r.seconds.toFixed(1)} | ${r.pgCpuSeconds.toFixed(2)} | ${r.msPer100.toFixed(2)} |`);
