import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, PASSWORD, startConsole, type ConsoleFixture } from './console-e2e-fixture.js';

describeInBrowser('console: log in, create an API key, use it, revoke it', () => {
  let c: ConsoleFixture;
  beforeAll(async () => {
    c = await startConsole();
  });
  afterAll(() => c?.close());

  it('a wrong password is refused on the page; the right one returns to the page asked for', async () => {
    const page = await (await c.newContext()).newPage();
    await page.goto(`/console/t/${c.tenantId}/api-keys`);
    // Not signed in: the login page, remembering where the user wanted to go.
    await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/login');
    await c.screenshot(page, 'login');

    await page.getByLabel('Email').fill(c.member);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('The email or password is not correct.');

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).press('Enter');
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/console/t/${c.tenantId}/api-keys`);

    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await expect.poll(() => page.locator('.stat').first().textContent()).toContain('Credits used this cycle');
    await c.screenshot(page, 'overview');
  });

  it('an ended session sends the next request back to the login page; Log out ends the session on the server', async () => {
    const page = await c.loginAs(c.member);
    // The session is gone (expired, or ended elsewhere): the next API call answers 401.
    await page.context().clearCookies();
    await page.getByRole('link', { name: 'Push jobs' }).click();
    await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/console/t/${c.tenantId}/push-jobs`);

    await page.getByLabel('Email').fill(c.member);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Push jobs', level: 1 }).waitFor();
    const cookie = (await page.context().cookies()).find((k) => k.httpOnly && k.sameSite === 'Strict');
    expect(cookie).toBeDefined();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
    // The old cookie no longer opens a session, even sent by hand.
    const session = await fetch(`${c.url}/console/api/session`, { headers: { cookie: `${cookie!.name}=${cookie!.value}` } });
    expect(session.status).toBe(401);
  });

  it('a new key is shown once with a copy button, calls GET /v1/feed, and stops working when revoked', async () => {
    const page = await c.loginAs(c.member);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: c.url });
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();

    await page.getByLabel('Name', { exact: true }).fill('backend e2e');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('textbox', { name: 'New key "backend e2e".' });
    await shown.waitFor();
    const apiKey = await shown.inputValue();
    expect(apiKey).toMatch(/^cfk_/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Copied' }).count()).toBe(1);
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(apiKey);
    await c.screenshot(page, 'api-keys');

    // The key works from a backend (the API refuses browsers).
    const feed = await fetch(`${c.url}/v1/feed?scenario=home&limit=3`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(feed.status).toBe(200);
    expect(((await feed.json()) as { items: unknown[] }).items).toHaveLength(3);

    // Dismissed, the key is never shown again: the list has only its last four characters.
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.locator('input[readonly]').count()).toBe(0);
    const row = page.getByRole('row', { name: /backend e2e/ });
    await expect.poll(() => row.textContent()).toContain(`…${apiKey.slice(-4)}`);
    expect(await page.content()).not.toContain(apiKey);

    // Revoke by keyboard: the dialog opens on Cancel; Escape keeps the key.
    await row.getByRole('button', { name: 'Revoke key backend e2e' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this key?' });
    await dialog.waitFor();
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Cancel');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect((await fetch(`${c.url}/v1/feed?scenario=home&limit=1`, { headers: { authorization: `Bearer ${apiKey}` } })).status).toBe(200);

    await row.getByRole('button', { name: 'Revoke key backend e2e' }).click();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.textContent()).toContain('revoked');
    await expect
      .poll(
        async () => (await fetch(`${c.url}/v1/feed?scenario=home&limit=1`, { headers: { authorization: `Bearer ${apiKey}` } })).status,
        { timeout: 15_000 },
      )
      .toBe(401);
  });
});
