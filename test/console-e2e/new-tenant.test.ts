import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, startConsole, type ConsoleFixture } from './console-e2e-fixture.js';

describeInBrowser('console: a new tenant works at once', () => {
  let c: ConsoleFixture;
  beforeAll(async () => {
    c = await startConsole();
  });
  afterAll(() => c?.close());

  it('creates a tenant with the algorithm default and the scenarios feed and push, whose settings the scenarios page shows', async () => {
    const page = await c.loginAs(c.operator);
    await page.getByRole('heading', { name: 'Tenants & plans', level: 1 }).waitFor();
    const withDefaults = page.getByRole('checkbox', { name: 'Start with the algorithm default and the scenarios feed and push' });
    expect(await withDefaults.isChecked()).toBe(true);
    await c.screenshotAtWidths(page, 'tenants-new');
    await page.getByRole('textbox', { name: 'Name' }).fill('Gamma Post');
    await page.getByRole('button', { name: 'Create tenant' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    const tenantId = new URL(page.url()).pathname.split('/')[3]!;

    await page.getByRole('link', { name: 'Scenarios & algorithms' }).click();
    await page.getByRole('heading', { name: 'Scenarios & algorithms', level: 1 }).waitFor();
    const scenarios = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Scenarios', exact: true }) });
    await expect
      .poll(() => scenarios.getByRole('row').allTextContents())
      .toEqual([
        expect.stringContaining('Scenario name'),
        expect.stringMatching(/^feedFeeddefault/),
        expect.stringMatching(/^pushPushdefault/),
      ]);
    // What a new algorithm starts from, as the server has it.
    const defaults = page.getByRole('region', { name: 'Default settings' });
    await expect
      .poll(() => defaults.locator('dt, dd').allTextContents())
      .toEqual(expect.arrayContaining(['Minimum trust level', 'Languages', 'ja']));
    expect(await defaults.locator('dt').count()).toBe(14);
    await c.screenshotAtWidths(page, 'scenarios-defaults');
    expect((await c.t.admin('GET', `/admin/v1/tenants/${tenantId}/scenarios`)).json().scenarios).toHaveLength(2);

    // Without: a bare tenant.
    await page.getByRole('link', { name: 'Tenants & plans' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Delta Bare');
    await withDefaults.uncheck();
    await page.getByRole('button', { name: 'Create tenant' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    const bareId = new URL(page.url()).pathname.split('/')[3]!;
    expect((await c.t.admin('GET', `/admin/v1/tenants/${bareId}/scenarios`)).json().scenarios).toEqual([]);
  });
});
