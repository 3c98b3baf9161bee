import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, PASSWORD, startConsole, type ConsoleFixture } from './console-e2e-fixture.js';

describeInBrowser('console: console users (invite, remove) and tenant settings', () => {
  let c: ConsoleFixture;
  beforeAll(async () => {
    c = await startConsole();
  });
  afterAll(() => c?.close());

  const announced = (page: import('playwright-core').Page, text: string) =>
    page.locator('.announcement').filter({ hasText: text }).waitFor();
  const signsIn = async (email: string) =>
    (
      await fetch(`${c.url}/console/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      })
    ).status;

  it('invites a member of a tenant, who can sign in, and removes them after a confirmation', async () => {
    const page = await c.loginAs(c.operator);
    await page.getByRole('link', { name: 'Console users' }).click();
    await page.getByRole('heading', { name: 'Console users', level: 1 }).waitFor();
    await page.getByRole('row', { name: new RegExp(c.member) }).waitFor();

    await page.getByRole('textbox', { name: 'Email' }).fill('editor@console.test');
    await page.getByLabel('First password').fill('short');
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByText('At least 10 characters.', { exact: true }).last().waitFor();
    await page.getByLabel('First password').fill(PASSWORD);
    await page.getByRole('combobox', { name: 'Tenant' }).last().selectOption({ label: 'Acme News' });
    await page.getByRole('button', { name: 'Invite' }).click();
    await announced(page, 'editor@console.test can now sign in as a member of Acme News.');
    await page.getByRole('row', { name: /editor@console\.test/ }).waitFor();
    expect(await signsIn('editor@console.test')).toBe(200);
    await c.screenshotAtWidths(page, 'console-users');

    await page.getByRole('button', { name: 'Remove editor@console.test' }).click();
    await page.getByRole('dialog', { name: 'Remove editor@console.test?' }).getByRole('button', { name: 'Remove' }).click();
    await announced(page, 'editor@console.test removed');
    expect(await page.getByRole('row', { name: /editor@console\.test/ }).count()).toBe(0);
    expect(await signsIn('editor@console.test')).toBe(401);
  });

  it("edits a tenant's name, cap and anchor day, checked before it is sent", async () => {
    const page = await c.loginAs(c.operator);
    await page.getByRole('heading', { name: 'Tenants & plans', level: 1 }).waitFor();
    await page
      .getByRole('row', { name: /Acme News/ })
      .getByRole('link', { name: 'Edit' })
      .click();
    await page.getByRole('heading', { name: 'Tenant Acme News', level: 1 }).waitFor();
    await page.getByRole('spinbutton', { name: 'Billing anchor day' }).fill('29');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A whole number from 1 to 28.').waitFor();
    await page.getByRole('spinbutton', { name: 'Billing anchor day' }).fill('15');
    await page.getByRole('spinbutton', { name: 'Usage cap (credits per cycle)' }).fill('1234');
    await page.getByRole('textbox', { name: 'Name' }).fill('Acme Media');
    await page.getByRole('button', { name: 'Save' }).click();
    await announced(page, 'Tenant Acme Media saved.');
    expect((await c.t.admin('GET', `/admin/v1/tenants/${c.tenantId}`)).json()).toMatchObject({
      name: 'Acme Media',
      usage_cap_credits: 1234,
      billing_anchor_day: 15,
      plan: 'enterprise',
    });
    await c.screenshotAtWidths(page, 'tenant-edit');
  });
});
