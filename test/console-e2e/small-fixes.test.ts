import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, startConsole, type ConsoleFixture } from './console-e2e-fixture.js';

describeInBrowser('console: confirmations, skipped users, areas with their prefecture, no forms under a 403', () => {
  let c: ConsoleFixture;
  beforeAll(async () => {
    c = await startConsole();
  });
  afterAll(() => c?.close());

  const announced = (page: import('playwright-core').Page, text: string) =>
    page.locator('.announcement').filter({ hasText: text }).waitFor();

  it('confirms each action, also one that leaves the page; the plan form lines up its buttons', async () => {
    const page = await c.loginAs(c.operator);
    await page.getByRole('heading', { name: 'Tenants & plans', level: 1 }).waitFor();
    const row = page.getByRole('row', { name: /Acme News/ });
    await row.getByRole('button', { name: 'Change the plan of Acme News' }).click();
    // Save and Cancel sit on the line of the plan's menu, not above or below it.
    const menu = await row.getByRole('combobox', { name: 'Plan' }).boundingBox();
    for (const name of ['Save', 'Cancel']) {
      const button = await row.getByRole('button', { name }).boundingBox();
      expect(Math.abs(button!.y + button!.height / 2 - (menu!.y + menu!.height / 2)), name).toBeLessThanOrEqual(2);
    }
    await c.screenshot(page, 'tenants-plan-edit');
    await row.getByRole('combobox', { name: 'Plan' }).selectOption('professional');
    await row.getByRole('button', { name: 'Save' }).click();
    await announced(page, 'Acme News is now on the Professional plan (100 requests per second).');

    await page.goto(`/console/t/${c.tenantId}/scenarios`);
    await page.getByRole('textbox', { name: 'Algorithm id' }).fill('spare');
    await page.getByRole('button', { name: 'Create algorithm' }).click();
    await announced(page, 'Algorithm spare created with the default settings.');
    await page.getByRole('button', { name: 'Delete algorithm' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Delete/ })
      .click();
    await page.getByRole('heading', { name: 'Scenarios & algorithms', level: 1 }).waitFor();
    await announced(page, 'Algorithm spare deleted.');
    await c.screenshot(page, 'announcement');
  });

  it('shows skipped users of a push job, and preview areas with their prefecture and what was ignored', async () => {
    const page = await c.loginAs(c.member);
    await page.getByRole('link', { name: 'Push jobs' }).click();
    await page.getByRole('textbox', { name: /User ids/ }).fill('nobody-1, nobody-2');
    await page.getByRole('button', { name: 'Start job' }).click();
    await announced(page, 'started for 2 users.');
    await page.getByRole('row').filter({ hasText: '2 skipped' }).waitFor();

    await page.goto(`/console/t/${c.tenantId}/scenarios/home`);
    await page.getByRole('textbox', { name: /Area names/ }).fill('府中, ふちゅうx');
    await page.getByRole('combobox', { name: /Area level/ }).selectOption('city');
    await page.getByRole('button', { name: 'Run preview' }).click();
    const meta = page.locator('.preview-meta');
    await expect.poll(() => meta.textContent()).toContain('府中市 (東京都)');
    expect(await meta.textContent()).toContain('府中市 (広島県)');
    expect(await meta.textContent()).toContain('not understood, ignored: ふちゅうx');
  });

  it("shows a member only the refusal on an operator page or another tenant's page, no form", async () => {
    const page = await c.loginAs(c.member);
    await page.goto('/console/tenants');
    await page.getByRole('alert').filter({ hasText: '403' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create tenant' }).count()).toBe(0);
    expect(await page.getByRole('textbox').count()).toBe(0);
    await page.goto('/console/sources');
    await page.getByRole('alert').filter({ hasText: '403' }).waitFor();
    expect(await page.getByRole('button', { name: 'Register source' }).count()).toBe(0);
    const other = (await c.t.createTenant({ name: 'Other Co' })).tenantId;
    await page.goto(`/console/t/${other}/api-keys`);
    await page.getByRole('alert').filter({ hasText: '403' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    await c.screenshotAtWidths(page, 'member-forbidden');
    // Its own pages work as before.
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('button', { name: 'Create key' }).waitFor();
  });
});
