import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { describeInBrowser, startConsole, type ConsoleFixture } from './console-e2e-fixture.js';

describeInBrowser('console: webhook', () => {
  let c: ConsoleFixture;
  let receiver: Receiver;
  beforeAll(async () => {
    // Two quick retries, then one ten minutes later: long enough to see it scheduled.
    c = await startConsole({ env: { WEBHOOK_RETRY_DELAYS_MS: '100,100,600000' } });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await c?.close();
    await receiver?.close();
  });

  it('sets the URL, rotates the secret (shown once), and shows deliveries signed with the new secret; resend sends again', async () => {
    const page = await c.loginAs(c.member);
    await page.getByRole('link', { name: 'Webhook' }).click();
    await page.getByText('No webhook is set').waitFor();

    const url = page.getByRole('textbox', { name: 'Webhook URL' });
    await url.fill('ftp://nope');
    await page.getByRole('button', { name: 'Save URL' }).click();
    await page.getByText('Enter an http:// or https:// address.').waitFor();

    await url.fill(receiver.url);
    await page.getByRole('button', { name: 'Save URL' }).click();
    const secretBox = page.getByRole('textbox', { name: 'Signing secret.' });
    const first = await secretBox.inputValue();
    expect(first).toMatch(/^whsec_/);
    await page.getByText(`Completion webhooks are sent to ${receiver.url}.`).waitFor();

    // Rotate: a confirmation first, then a new secret, shown once.
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => secretBox.inputValue()).not.toBe(first);
    const rotated = await secretBox.inputValue();
    expect(rotated).toMatch(/^whsec_/);
    await c.screenshot(page, 'webhook-secret');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => secretBox.count()).toBe(0);

    await page.getByRole('button', { name: 'Send a test delivery' }).click();
    const row = page.locator('tbody tr').first();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('delivered');
    const cells = await row.locator('td').allTextContents();
    expect(cells[1]).toBe('webhook.test');
    expect(cells[3]).toBe('204');
    expect(cells[4]).toBe('1');
    expect(cells[5]).toBe('—');

    // What the receiver got verifies with the rotated secret only.
    expect(receiver.requests).toHaveLength(1);
    const received = receiver.requests[0]!;
    expect(() => new Webhook(rotated).verify(received.body, received.headers)).not.toThrow();
    expect(() => new Webhook(first).verify(received.body, received.headers)).toThrow();

    await row.getByRole('button', { name: /^Resend delivery / }).click();
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => page.locator('tbody tr').first().textContent(), { timeout: 15_000 }).toContain('delivered');
    expect(receiver.requests).toHaveLength(2);
    expect(JSON.parse(receiver.requests[1]!.body).type).toBe('webhook.test');
  });

  it("shows a failing receiver's status code, attempts and next retry", async () => {
    receiver.answer = () => ({ status: 503 });
    const page = await c.loginAs(c.member);
    await page.goto(`/console/t/${c.tenantId}/webhook`);
    await page.getByRole('button', { name: 'Send a test delivery' }).click();
    const row = page.locator('tbody tr').first();
    await expect.poll(async () => (await row.locator('td').allTextContents())[4], { timeout: 15_000 }).toBe('3');
    const cells = await row.locator('td').allTextContents();
    expect(cells[2]).toBe('pending');
    expect(cells[3]).toBe('503');
    // The third retry is due in ten minutes: the row says when.
    const due = Date.parse(
      (await c.t.admin('GET', `/admin/v1/tenants/${c.tenantId}/webhook/deliveries?limit=1`)).json().deliveries[0].next_attempt_at,
    );
    // The second retry waits 600 s ± 20 % (docs/webhooks.md).
    expect(due - Date.now()).toBeGreaterThan(470_000);
    expect(cells[5]).toBe(new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(due));
    expect(receiver.requests.filter((r) => JSON.parse(r.body).type === 'webhook.test')).toHaveLength(5);
    await c.screenshot(page, 'webhook');
    receiver.answer = () => ({ status: 204 });
  });
});
