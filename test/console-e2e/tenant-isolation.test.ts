import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, PASSWORD, startConsole, type ConsoleFixture } from './console-e2e-fixture.js';

describeInBrowser('console: a member sees only its tenant, and every change needs the CSRF token', () => {
  let c: ConsoleFixture;
  let other: string;
  beforeAll(async () => {
    c = await startConsole();
    other = (await c.t.createTenant({ name: 'Other Co' })).tenantId;
  });
  afterAll(() => c?.close());

  it("opening another tenant's pages answers 403, shown as no access; operator pages too", async () => {
    const page = await c.loginAs(c.member);
    // Its own tenant only: no operator section, no tenant picker.
    expect(await page.getByRole('link', { name: 'Tenants & plans' }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Tenant' }).count()).toBe(0);

    for (const section of ['overview', 'api-keys', 'webhook']) {
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.url().includes(`/admin/v1/tenants/${other}`)),
        page.goto(`/console/t/${other}/${section}`),
      ]);
      expect(answer.status(), section).toBe(403);
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.first().textContent(), { message: section }).toContain('You do not have access to this page (403)');
      expect(await page.content()).not.toContain('Other Co');
      if (section === 'overview') await c.screenshot(page, 'forbidden');
    }

    const [answer] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/admin/v1/tenants')), page.goto('/console/tenants')]);
    expect(answer.status()).toBe(403);
    await page.getByRole('alert').filter({ hasText: '403' }).waitFor();
  });

  it('a state-changing request replayed without its CSRF token, or with another session’s, is 403 and changes nothing', async () => {
    const page = await c.loginAs(c.member);
    await page.goto(`/console/t/${c.tenantId}/api-keys`);
    await page.getByRole('textbox', { name: 'Name' }).fill('from the console');
    const [sent] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api-keys')),
      page.getByRole('button', { name: 'Create key' }).click(),
    ]);
    const token = sent.headers()['x-csrf-token'];
    expect(token).toBeTruthy();
    const created = await sent.response();
    expect(created!.status()).toBe(201);
    const keyCount = async () => (await c.t.admin('GET', `/admin/v1/tenants/${c.tenantId}/api-keys`)).json().api_keys.length as number;
    const before = await keyCount();

    // The same request with the same cookie (the browser's own request context), minus the header.
    const replay = (headers: Record<string, string>) =>
      page.context().request.post(sent.url(), { data: sent.postData()!, headers: { 'content-type': 'application/json', ...headers } });
    const withoutToken = await replay({});
    expect(withoutToken.status()).toBe(403);
    expect((await withoutToken.json()).detail).toMatch(/CSRF/i);

    // Another session's token does not fit this session.
    const operatorLogin = await fetch(`${c.url}/console/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: c.operator, password: PASSWORD }),
    });
    const foreignToken = ((await operatorLogin.json()) as { csrf_token: string }).csrf_token;
    expect((await replay({ 'x-csrf-token': foreignToken })).status()).toBe(403);

    // From a script in the page, with the cookie but without the header: refused too.
    const fromScript = await page.evaluate(
      async (url) =>
        (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"script"}' })).status,
      sent.url(),
    );
    expect(fromScript).toBe(403);
    // Deleting needs it as well.
    const keyId = (await created!.json()).key_id as string;
    expect((await page.context().request.delete(`${sent.url()}/${keyId}`)).status()).toBe(403);

    expect(await keyCount()).toBe(before);
    const keys = (await c.t.admin('GET', `/admin/v1/tenants/${c.tenantId}/api-keys`)).json().api_keys as {
      key_id: string;
      revoked_at: string | null;
    }[];
    expect(keys.find((k) => k.key_id === keyId)?.revoked_at).toBeNull();

    // The replay itself was well-formed: with the session's own token it goes through.
    expect((await replay({ 'x-csrf-token': token! })).status()).toBe(201);
    expect(await keyCount()).toBe(before + 1);
  });
});
