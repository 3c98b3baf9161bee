import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, startConsole, type ConsoleFixture } from './console-e2e-fixture.js';

describeInBrowser('console: audit log', () => {
  let c: ConsoleFixture;
  beforeAll(async () => {
    c = await startConsole();
  });
  afterAll(() => c?.close());

  it("shows a member who changed the cap, in its tenant's log; an operator sees every change", async () => {
    const member = await c.loginAs(c.member);
    await member.getByRole('link', { name: 'Usage cap' }).click();
    await member.getByRole('spinbutton', { name: 'Cap (credits per cycle)' }).fill('4200');
    await member.getByRole('button', { name: 'Set cap' }).click();
    await member.getByRole('status').filter({ hasText: 'Cap saved.' }).waitFor();

    await member.getByRole('link', { name: 'Audit log' }).click();
    await member.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const newest = member.getByRole('row').nth(1);
    await expect.poll(() => newest.textContent()).toContain(c.member);
    expect(await newest.textContent()).toContain(`PATCH /admin/v1/tenants/${c.tenantId}`);
    expect(await newest.textContent()).toContain('{"usage_cap_credits":4200}');
    // The fixture's own setup, made with the operator token, is below it.
    expect(await member.getByRole('row').filter({ hasText: 'Operator token' }).count()).toBeGreaterThan(0);
    // A member has no log of every tenant.
    expect(await member.getByRole('link', { name: 'Audit log (all)' }).count()).toBe(0);
    await c.screenshotAtWidths(member, 'audit-log');

    const operator = await c.loginAs(c.operator);
    await operator.getByRole('link', { name: 'Audit log (all)' }).click();
    await operator.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await expect.poll(() => operator.getByRole('row').nth(1).textContent()).toContain(c.member);
    // Changes of no tenant are there too: the console users the fixture created.
    await operator.getByRole('row').filter({ hasText: 'POST /admin/v1/console-users/' }).first().waitFor();
    expect(await operator.getByRole('columnheader', { name: 'Tenant' }).count()).toBe(1);
    await c.screenshotAtWidths(operator, 'audit-log-all');
  });
});
