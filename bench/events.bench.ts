import { TrackingTokens } from '../src/tracking/tracking-token.js';
import type { BenchRow } from './contents-pipeline.bench.js';
import { serverEnv, withDatabase, type BenchBackend } from './lib/backends.js';
import { startTarget } from './lib/child.js';
import { runLoad } from './lib/load.js';

const CONNECTIONS = 20;
const EVENTS_PER_REQUEST = 100;

/** Reads a quantile of the lag summary from the Prometheus text. */
function quantile(metrics: string, q: string): number {
  const match = new RegExp(`^event_processing_lag_seconds\\{quantile="${q}"\\} (\\S+)$`, 'm').exec(metrics);
  return match ? Number(match[1]) * 1000 : NaN;
}

/**
 * Issue 3: accepted events/s (durable commits: SQLite `synchronous=FULL`, or
 * PostgreSQL's commit), batches of 100 at 20 connections, and the lag from 202
 * to effect, with the processor in the same process. Every request carries new
 * events (unique sessions), a realistic mix of impressions, clicks and sessions
 * with signed tracking tokens.
 */
export async function eventsBench(durationSeconds: number, backend: BenchBackend): Promise<BenchRow[]> {
  return withDatabase(backend, (database) => measure(durationSeconds, serverEnv(backend, database)));
}

async function measure(durationSeconds: number, env: Record<string, string>): Promise<BenchRow[]> {
  const target = await startTarget('bench/servers/pipeline-server.ts', env);
  try {
    const tokens = new TrackingTokens(target.info.secretKey!);
    const token = (user: string) =>
      tokens.issue({ tenantId: target.info.tenantId!, contentId: target.info.contentId!, scenario: 'home', channel: 'feed', userId: user, requestId: 'bench', position: 0, issuedAt: 0 });
    const userTokens = Array.from({ length: 50 }, (_, i) => token(`user-${i}`));
    let n = 0;
    const body = () => {
      n += 1;
      const at = new Date().toISOString();
      const events = Array.from({ length: EVENTS_PER_REQUEST }, (_, i) => {
        const u = (n * 7 + i) % 50;
        const session = `s-${n}-${u}`;
        if (i % 10 === 0) return { type: 'session_start', session_id: session, user_id: `user-${u}`, occurred_at: at };
        const type = i % 10 === 1 ? 'click' : 'impression';
        return { type, session_id: session, user_id: `user-${u}`, occurred_at: at, tracking_token: userTokens[u] };
      });
      return JSON.stringify({ events });
    };
    const url = `${target.info.baseUrl}/v1/events`;
    const headers = { ...target.headers, 'content-type': 'application/json' };
    await runLoad({ url, headers, connections: CONNECTIONS, durationSeconds: 2, method: 'POST', body }); // warm-up
    const result = await runLoad({ url, headers, connections: CONNECTIONS, durationSeconds, method: 'POST', body });
    // Let the processor finish, then read the lag it observed.
    let backlog = Infinity;
    const drainStart = Date.now();
    while (backlog > 0 && Date.now() - drainStart < 60_000) {
      const text = await (await fetch(`${target.info.baseUrl}/metrics`)).text();
      backlog = Number(/^events_unprocessed (\d+)$/m.exec(text)?.[1] ?? 0);
      if (backlog > 0) await new Promise((r) => setTimeout(r, 200));
    }
    const drainSeconds = (Date.now() - drainStart) / 1000;
    const metrics = await (await fetch(`${target.info.baseUrl}/metrics`)).text();
    const eventsPerSecond = result.requestsPerSecond * EVENTS_PER_REQUEST;
    return [
      {
        name: `POST /v1/events, ${EVENTS_PER_REQUEST}/request, ${CONNECTIONS} conn (durable)`,
        value: `${Math.round(eventsPerSecond)} events/s (${Math.round(result.requestsPerSecond)} req/s), p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, non-2xx ${result.non2xx}`,
        target: '≥ 20,000 events/s',
      },
      {
        name: 'event processing lag, 202 → effect (last 60 s)',
        value: `p50 ${quantile(metrics, '0.5').toFixed(0)} ms, p99 ${quantile(metrics, '0.99').toFixed(0)} ms; backlog drained ${drainSeconds.toFixed(1)} s after load`,
        target: 'p99 < 1 s',
      },
    ];
  } finally {
    await target.stop();
  }
}
