import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, startConsole, type ConsoleFixture } from './console-e2e-fixture.js';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describeInBrowser('console: trends', () => {
  let c: ConsoleFixture;
  beforeAll(async () => {
    c = await startConsole();
  });
  afterAll(() => c?.close());

  it('without impressions says to send them instead of a CTR; with them shows CTR per day; never a day after today', async () => {
    const page = await c.loginAs(c.member);
    await page.getByRole('link', { name: 'Trends' }).click();
    await page.getByRole('heading', { name: 'Trends', level: 1 }).waitFor();
    await page.getByText('Send impression events to measure CTR').first().waitFor();
    // The charts carry their numbers as tables too: the day-by-day table is its own section.
    const rows = page.getByRole('region', { name: 'Day by day' }).locator('tbody tr');
    const todayRow = rows.first();
    expect(await todayRow.locator('td').nth(5).textContent()).toBe('—');

    // Yesterday's impressions and clicks, as the event processor counts them.
    const yesterday = dayOf(Date.now() - DAY_MS);
    await c.t.deps.db.insertInto('daily_stats').values({ tenant_id: c.tenantId, day: yesterday, impressions: 40, clicks: 10 }).execute();
    // A range that ends next week stops at today.
    await page.getByLabel('To').fill(dayOf(Date.now() + 7 * DAY_MS));
    await page.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => rows.nth(1).locator('td').nth(5).textContent()).toBe('25%');
    expect(await page.getByText('Send impression events to measure CTR').count()).toBe(0);
    const days = await rows.locator('td:first-child').allTextContents();
    expect(days).toHaveLength(30);
    await c.screenshotAtWidths(page, 'trends');
    // The API's days for the same range (from 29 days ago to tomorrow, exclusive): its newest is today.
    const api = (
      await c.t.admin(
        'GET',
        `/admin/v1/tenants/${c.tenantId}/metrics?from=${dayOf(Date.now() - 29 * DAY_MS)}&to=${dayOf(Date.now() + DAY_MS)}`,
      )
    ).json();
    expect(api.days.at(-1).day).toBe(dayOf(Date.now()));
  });
});
