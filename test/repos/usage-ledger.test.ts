import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { ManualClock } from '../../src/lib/clock.js';
import { Meter } from '../../src/metering/meter.js';
import { addUsage, usageBetween, usageByDay } from '../../src/metering/usage-repo.js';
import { insertTenant } from '../../src/tenants/tenant-repo.js';
import { testBackends, type TestDatabase } from '../helpers/backends.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('usage ledger on %s', (_name, backend) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const clock = new ManualClock(Date.UTC(2026, 5, 10, 12));
  const tenant = { id: 'ten_ledger', usageCapMillicredits: 1000, billingAnchorDay: 1 };

  beforeAll(async () => {
    database = await backend.create();
    handle = openDatabase(database.url);
    await migrateToLatest(handle.db);
    await insertTenant(handle.db, {
      id: tenant.id,
      name: 'L',
      plan: 'starter',
      rate_limit_rps: null,
      usage_cap_millicredits: 1000,
      billing_anchor_day: 1,
      webhook_url: null,
      webhook_secret: null,
      created_at: 0,
      updated_at: 0,
    });
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  it('adds deltas with upserts and sums a range', async () => {
    await addUsage(handle.db, [
      { tenantId: tenant.id, day: '2026-05-31', endpoint: 'feed', requests: 2, millicredits: 2000 },
      { tenantId: tenant.id, day: '2026-06-02', endpoint: 'feed', requests: 1, millicredits: 1000 },
    ]);
    await addUsage(handle.db, [{ tenantId: tenant.id, day: '2026-06-02', endpoint: 'feed', requests: 3, millicredits: 300 }]);
    expect(await usageBetween(handle.db, tenant.id, '2026-06-01', '2026-07-01')).toBe(1300);
    expect(await usageByDay(handle.db, tenant.id, '2026-06-01', '2026-07-01')).toEqual([
      { day: '2026-06-02', endpoint: 'feed', requests: 4, millicredits: 1300 },
    ]);
    await handle.db.deleteFrom('usage_daily').execute();
  });

  it('holds the cap across two meters (nodes) sharing the ledger, within one flush', async () => {
    const a = new Meter(handle.db, clock);
    const b = new Meter(handle.db, clock);
    const r1 = await a.reserve(tenant, 'feed', 600);
    expect(r1).not.toBeNull();
    a.settle(r1!, 600);
    // Node B has not seen A's charge yet: this is the documented overshoot window.
    const r2 = await b.reserve(tenant, 'feed', 600);
    expect(r2).not.toBeNull();
    b.settle(r2!, 600);
    await a.flush();
    await b.flush();
    await a.flush(); // A's next periodic flush re-reads what B wrote
    // Each node now knows the ledger (1,200 > cap): both refuse.
    expect(await a.reserve(tenant, 'feed', 1)).toBeNull();
    expect(await b.reserve(tenant, 'feed', 1)).toBeNull();
    expect(await usageBetween(handle.db, tenant.id, '2026-06-01', '2026-07-01')).toBe(1200);
  });

  it('refunds a reservation that is not charged', async () => {
    await handle.db.deleteFrom('usage_daily').execute();
    const meter = new Meter(handle.db, clock);
    const r = await meter.reserve(tenant, 'feed', 1000);
    expect(await meter.reserve(tenant, 'feed', 1)).toBeNull();
    meter.settle(r!, 0);
    expect(await meter.reserve(tenant, 'feed', 1000)).not.toBeNull();
    await meter.close();
    expect(await usageByDay(handle.db, tenant.id, '2026-06-01', '2026-07-01')).toEqual([
      { day: '2026-06-10', endpoint: 'feed', requests: 1, millicredits: 0 },
    ]);
  });

  it("a read that started before a settled job's refresh does not bring back the hold the job released", async () => {
    await handle.db.deleteFrom('usage_daily').execute();
    // The database's answer for held credits: a job holds 500 until it settles.
    let jobHolds = 500;
    let loaded = false;
    let staleRead: (() => void) | null = null;
    let staleReadStarted!: () => void;
    const staleReadBegun = new Promise<void>((resolve) => (staleReadStarted = resolve));
    const meter = new Meter(handle.db, clock, console, async () => {
      const seen = jobHolds;
      if (loaded && staleRead === null) {
        // The periodic flush's read: it sees the hold, then stalls until the job has settled and refreshed.
        await new Promise<void>((resolve) => {
          staleRead = resolve;
          staleReadStarted();
        });
      }
      return seen;
    });
    meter.settle((await meter.reserve(tenant, 'feed', 1))!, 0);
    loaded = true;
    expect(await meter.reserve(tenant, 'feed', 600)).toBeNull(); // 500 held + 600 > 1,000

    const periodicFlush = meter.flush();
    await staleReadBegun;
    jobHolds = 0; // the job settled, charging nothing (it failed)
    await meter.refresh(tenant.id);
    staleRead!();
    await periodicFlush;
    expect(await meter.reserve(tenant, 'feed', 600)).not.toBeNull();
    await meter.close();
  });
});
