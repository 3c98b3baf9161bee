import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { event, postEvents } from '../helpers/events.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { until } from '../helpers/until.js';

/**
 * On a SQLite file, event POSTs and usage flushes are committed by the writer
 * thread (src/events/sqlite-event-writer.ts), on a connection of its own. Another
 * connection (the event processor, a push job, a crawl) may hold the file's one
 * write lock for a while: the writer waits for it (up to LOCK_WAIT_MS), and
 * an acknowledged write neither fails nor is answered 500 meanwhile.
 * PostgreSQL has no writer thread: SQLite only.
 */
describe('the SQLite writer thread, while another connection holds the write lock', () => {
  let t: TestApp;
  let apiKey: string;
  let tenantId: string;
  let holder: SQLite.Database;
  beforeAll(async () => {
    // The meter flushes when the test asks, not on its own timer in the middle of a case.
    t = await startTestApp({ backend: testBackends()[0]!, env: { USAGE_FLUSH_INTERVAL_MS: '60000' } });
    ({ apiKey, tenantId } = await t.createTenant({ plan: 'enterprise' }));
    holder = new SQLite(t.databaseUrl.slice('sqlite:'.length));
  });
  afterAll(async () => {
    holder.close();
    await t.close();
  });

  /** Resolves once the app says its writer waits for the lock; rejects if `write` settled first (it did not wait). */
  async function writerWaits(write: Promise<unknown>): Promise<void> {
    const seen = t.logs.length;
    const waiting = until(
      'the writer thread waiting for the lock',
      async () => (t.logs.slice(seen).some((line) => line.includes('waiting for the write lock')) ? true : undefined),
      30_000,
      10,
    );
    const first = await Promise.race([waiting.then(() => 'waiting' as const), write.then(() => 'settled' as const)]);
    if (first === 'settled') throw new Error('the write settled while the lock was held: it did not wait for it');
  }

  it('answers an event POST 202 once the lock is released, and the event is stored', async () => {
    holder.exec('begin immediate');
    const response = postEvents(t, apiKey, [event(t, { type: 'session_start', session_id: 'held-lock' })]);
    try {
      await writerWaits(response);
    } finally {
      holder.exec('commit');
    }
    expect((await response).statusCode).toBe(202);
    await t.processEvents();
    expect((await t.admin('GET', `/admin/v1/tenants/${tenantId}/metrics`)).json().sessions).toBe(1);
  });

  it('writes a usage flush once the lock is released instead of failing it', async () => {
    // Usage to flush: requests the meter counted, not yet in the ledger.
    for (let i = 0; i < 3; i++) expect((await t.api(apiKey, 'GET', '/v1/usage')).statusCode).toBe(200);
    holder.exec('begin immediate');
    // The admin usage report flushes the meter, then reads the ledger.
    const report = t.admin('GET', `/admin/v1/tenants/${tenantId}/usage`);
    try {
      await writerWaits(report);
    } finally {
      holder.exec('commit');
    }
    const { days } = (await report).json<{ days: { endpoint: string; requests: number }[] }>();
    expect(days.filter((d) => d.endpoint === 'usage').map((d) => d.requests)).toEqual([3]);
    expect(t.logs.filter((line) => line.includes('usage flush failed'))).toEqual([]);
  });
});
