import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, startConsole, type ConsoleFixture } from './console-e2e-fixture.js';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describeInBrowser("console: a user's recent events, and trends per scenario and channel", () => {
  let c: ConsoleFixture;
  beforeAll(async () => {
    c = await startConsole();
  });
  afterAll(() => c?.close());

  it("lists a user's recent events on their page, newest first, with the article", async () => {
    await c.t.api(c.key, 'PUT', '/v1/users/reader-7', { properties: { plan: 'gold' } });
    const [item] = (await c.feed({ user_id: 'reader-7', limit: 1 })).body.items;
    const at = new Date().toISOString();
    const events = [
      { type: 'session_start', session_id: 'sess-7', user_id: 'reader-7', occurred_at: at },
      { type: 'click', session_id: 'sess-7', user_id: 'reader-7', tracking_token: item.tracking_token, occurred_at: at },
    ];
    expect((await c.t.api(c.key, 'POST', '/v1/events', { events })).statusCode).toBe(202);
    await c.t.processEvents();

    const page = await c.loginAs(c.member);
    await page.goto(`/console/t/${c.tenantId}/users/reader-7`);
    const section = page.getByRole('region', { name: 'Recent events' });
    await section.getByRole('row', { name: new RegExp(`click.*${item.title.slice(0, 10)}`) }).waitFor();
    const types = await section.locator('tbody tr td:nth-child(2) code').allTextContents();
    expect(types).toEqual(['click', 'session_start']);
    await c.screenshotAtWidths(page, 'user-events');
  });

  it("filters the trends by scenario and channel, saying that sessions stay the tenant's", async () => {
    const yesterday = dayOf(Date.now() - DAY_MS);
    // As the event processor counts them: the tenant's day, and the same day per scenario and channel.
    await c.t.deps.db.insertInto('daily_stats').values({ tenant_id: c.tenantId, day: yesterday, impressions: 100, clicks: 10 }).execute();
    await c.t.deps.db
      .insertInto('daily_channel_stats')
      .values([
        { tenant_id: c.tenantId, day: yesterday, scenario: 'home', channel: 'feed', impressions: 80, clicks: 4 },
        { tenant_id: c.tenantId, day: yesterday, scenario: 'daily', channel: 'push', impressions: 20, clicks: 6 },
      ])
      .execute();

    const page = await c.loginAs(c.member);
    await page.getByRole('link', { name: 'Trends' }).click();
    await page.getByRole('heading', { name: 'Trends', level: 1 }).waitFor();
    const yesterdayRow = page.getByRole('region', { name: 'Day by day' }).locator('tbody tr').nth(1);
    await expect.poll(() => yesterdayRow.locator('td').nth(5).textContent()).toBe('10%');

    await page.getByRole('combobox', { name: 'Scenario' }).selectOption('home');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => yesterdayRow.locator('td').nth(5).textContent()).toBe('5%');
    await page.getByText('Showing home · Feed and push').waitFor();

    await page.getByRole('combobox', { name: 'Scenario' }).selectOption('');
    await page.getByRole('combobox', { name: 'Channel' }).selectOption('push');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => yesterdayRow.locator('td').nth(5).textContent()).toBe('30%');
    expect(await yesterdayRow.locator('td').nth(6).textContent()).toBe('6');
    await c.screenshotAtWidths(page, 'trends-filtered');
  });
});
