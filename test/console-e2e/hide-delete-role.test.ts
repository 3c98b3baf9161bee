import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeInBrowser, PASSWORD, startConsole, type ConsoleFixture } from './console-e2e-fixture.js';

describeInBrowser("console: hiding an article, deleting a tenant, changing a console user's role", () => {
  let c: ConsoleFixture;
  beforeAll(async () => {
    c = await startConsole();
  });
  afterAll(() => c?.close());

  const announced = (page: Page, text: string) => page.locator('.announcement').filter({ hasText: text }).waitFor();

  it('hides an article with a reason after a confirmation, shows why it is not servable, and unhides it', async () => {
    const id = c.items.science![0]!;
    const title = (await c.t.admin('GET', `/admin/v1/contents/${id}`)).json().title as string;
    const page = await c.loginAs(c.operator);
    await page.goto(`/console/articles/${id}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByText('Servable', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Hide article' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hide this article?' });
    // No reason, no hiding: the confirming button waits for one.
    expect(await dialog.getByRole('button', { name: 'Hide article' }).isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Wrong photo caption');
    await c.screenshot(page, 'article-hide-dialog');
    await dialog.getByRole('button', { name: 'Hide article' }).click();
    await announced(page, `Article “${title}” hidden: no feed serves it.`);
    await page.getByText('Not servable', { exact: true }).waitFor();
    await page.locator('.article-hidden').filter({ hasText: 'Wrong photo caption' }).waitFor();
    await page.locator('.reasons').filter({ hasText: 'hidden by an operator on' }).waitFor();
    expect((await c.t.api(c.key, 'GET', `/v1/contents/${id}`)).statusCode).toBe(404);
    await c.screenshotAtWidths(page, 'article-hidden');

    await page.getByRole('button', { name: 'Unhide article' }).click();
    await announced(page, `Article “${title}” unhidden: it can be served again.`);
    await page.getByText('Servable', { exact: true }).waitFor();
    expect((await c.t.api(c.key, 'GET', `/v1/contents/${id}`)).statusCode).toBe(200);
  });

  it("changes a console user's role after a confirmation: the member becomes an operator and back", async () => {
    const page = await c.loginAs(c.operator);
    await page.getByRole('link', { name: 'Console users' }).click();
    await page.getByRole('heading', { name: 'Console users', level: 1 }).waitFor();

    await page.getByRole('button', { name: `Change the role of ${c.member}` }).click();
    const dialog = page.getByRole('dialog', { name: `Change the role of ${c.member}` });
    await dialog.getByRole('combobox', { name: 'Role' }).selectOption('operator');
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await announced(page, `${c.member} is now an operator.`);
    await page.getByRole('row', { name: new RegExp(`${c.member}.*operator`) }).waitFor();
    const member = await c.loginAs(c.member);
    // An operator lands on the tenant list.
    await member.getByRole('heading', { name: 'Tenants & plans', level: 1 }).waitFor();
    await c.screenshotAtWidths(page, 'console-users-role');

    await page.getByRole('button', { name: `Change the role of ${c.member}` }).click();
    await dialog.getByRole('combobox', { name: 'Role' }).selectOption('member');
    await dialog.getByRole('combobox', { name: 'Tenant' }).selectOption({ label: 'Acme News' });
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await announced(page, `${c.member} is now a member of Acme News.`);
    expect(
      (await c.t.admin('GET', '/admin/v1/console-users')).json().console_users.find((u: { email: string }) => u.email === c.member),
    ).toMatchObject({ role: 'member', tenant_id: c.tenantId });
  });

  it('deletes a tenant only after its name is typed; its key stops working and it leaves the list', async () => {
    const doomed = await c.t.createTenant({ name: 'Short Lived' });
    const page = await c.loginAs(c.operator);
    await page.goto(`/console/tenants/${doomed.tenantId}`);
    await page.getByRole('heading', { name: 'Tenant Short Lived', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete tenant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Short Lived and all of its data?' });
    const confirm = dialog.getByRole('button', { name: 'Delete tenant' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Type Short Lived to confirm' }).fill('Short');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Type Short Lived to confirm' }).fill('Short Lived');
    await c.screenshotAtWidths(page, 'tenant-delete-dialog');
    await confirm.click();
    await announced(page, 'Tenant Short Lived deleted with all of its data.');
    await page.getByRole('heading', { name: 'Tenants & plans', level: 1 }).waitFor();
    expect(await page.getByRole('row', { name: /Short Lived/ }).count()).toBe(0);
    expect((await c.t.api(doomed.apiKey, 'GET', '/v1/users/x')).statusCode).toBe(401);
    expect((await c.t.admin('GET', `/admin/v1/tenants/${doomed.tenantId}`)).statusCode).toBe(404);
    // The fixture's tenant is untouched.
    expect(
      (
        await fetch(`${c.url}/console/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: c.member, password: PASSWORD }),
        })
      ).status,
    ).toBe(200);
  });
});
