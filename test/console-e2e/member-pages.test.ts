import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addUsageRow } from '../../src/metering/usage-repo.js';
import { until } from '../helpers/until.js';
import { describeInBrowser, startConsole, type ConsoleFixture } from './console-e2e-fixture.js';

const DAY_MS = 86_400_000;

describeInBrowser('console: overview, usage cap and user lookup', () => {
  let c: ConsoleFixture;
  let clickedTitle: string;
  beforeAll(async () => {
    c = await startConsole();
    // A billing cycle that began about ten days ago, and its earlier days as the meter would have recorded them.
    const anchorDay = Math.min(28, new Date(Date.now() - 10 * DAY_MS).getUTCDate());
    const tenant = (await c.t.admin('PATCH', `/admin/v1/tenants/${c.tenantId}`, { billing_anchor_day: anchorDay })).json();
    for (let ms = Date.parse(tenant.current_cycle.starts_at); ms < Date.now() - DAY_MS; ms += DAY_MS) {
      const day = new Date(ms).toISOString().slice(0, 10);
      const n = 40 + ((ms / DAY_MS) % 7) * 9;
      await addUsageRow(c.t.deps.db, { tenantId: c.tenantId, day, endpoint: 'feed', requests: n, millicredits: n * 1000 });
      await addUsageRow(c.t.deps.db, { tenantId: c.tenantId, day, endpoint: 'contents', requests: n * 2, millicredits: n * 200 });
      await addUsageRow(c.t.deps.db, { tenantId: c.tenantId, day, endpoint: 'events', requests: n * 3, millicredits: 0 });
    }

    // reader-1: a profile, a followed and a blocked source, a session with an impression and a click.
    await c.t.api(c.key, 'PUT', '/v1/users/reader-1', {
      properties: { area_names: ['渋谷'], area_level: 'station', interests: ['technology'] },
    });
    await c.t.api(c.key, 'PUT', `/v1/users/reader-1/sources/${c.sources.science}/follow`);
    await c.t.api(c.key, 'PUT', `/v1/users/reader-1/sources/${c.sources.politics}/block`);
    const feed = (await c.feed({ user_id: 'reader-1', limit: 5 })).body as { items: { title: string; tracking_token: string }[] };
    clickedTitle = feed.items[0]!.title;
    const session = randomUUID();
    const at = (offsetSeconds: number) => new Date(Date.now() - 60_000 + offsetSeconds * 1000).toISOString();
    const events = [
      { type: 'session_start', session_id: session, user_id: 'reader-1', occurred_at: at(0) },
      ...feed.items.map((item, i) => ({
        type: 'impression',
        session_id: session,
        user_id: 'reader-1',
        tracking_token: item.tracking_token,
        occurred_at: at(1 + i),
      })),
      { type: 'click', session_id: session, user_id: 'reader-1', tracking_token: feed.items[0]!.tracking_token, occurred_at: at(10) },
    ];
    expect((await c.t.api(c.key, 'POST', '/v1/events', { events })).statusCode).toBe(202);
    await until('the click to be processed', async () =>
      (await c.t.admin('GET', `/admin/v1/tenants/${c.tenantId}/users/reader-1`)).json().recent_reads?.length === 1 ? true : undefined,
    );
  });
  afterAll(() => c?.close());

  it('the overview shows credits against those included, activity and the charts by endpoint; in Japanese after a reload', async () => {
    const page = await c.loginAs(c.member);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    const tenant = (await c.t.admin('GET', `/admin/v1/tenants/${c.tenantId}`)).json();
    const stat = (label: string) => page.locator('.stat').filter({ has: page.getByRole('heading', { name: label }) });
    await expect.poll(() => stat('Credits used this cycle').textContent()).toContain('1,000,000 credits included in the plan');
    expect(await stat('Credits used this cycle').locator('.stat-value').textContent()).toContain(
      new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }).format(tenant.current_cycle.used_credits),
    );
    expect(await stat('Rate-limit plan').textContent()).toContain('500 requests per second');
    expect(await stat('Daily active users').locator('.stat-value').textContent()).toBe('1');
    expect(await stat('Click-through rate').textContent()).toContain('1 clicks of 5 impressions');
    const creditsChart = page.getByRole('img', { name: /^Credits per day by endpoint/ });
    expect(await creditsChart.locator('rect').count()).toBeGreaterThan(1);
    expect(await page.locator('.legend').first().textContent()).toContain('/v1/feed');
    await c.screenshot(page, 'overview');

    await page.getByRole('button', { name: '日本語' }).click();
    await page.getByRole('heading', { name: '概要', level: 1 }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: '概要', level: 1 }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    expect(await page.getByRole('button', { name: '日本語' }).getAttribute('aria-pressed')).toBe('true');
    await c.screenshot(page, 'overview-ja');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  });

  it('sets, changes and removes the usage cap', async () => {
    const page = await c.loginAs(c.member);
    await page.getByRole('link', { name: 'Usage cap' }).click();
    const capOf = async () => (await c.t.admin('GET', `/admin/v1/tenants/${c.tenantId}`)).json().usage_cap_credits;
    await page.getByText('No cap (pay-as-you-go)').waitFor();

    const cap = page.getByRole('spinbutton', { name: 'Cap (credits per cycle)' });
    await cap.fill('-5');
    await page.getByRole('button', { name: 'Set cap' }).click();
    await page.getByText('Enter 0 or a positive number.').waitFor();
    expect(await capOf()).toBeNull();

    await cap.fill('5000');
    await page.getByRole('button', { name: 'Set cap' }).click();
    await page.getByRole('status').filter({ hasText: 'Cap saved.' }).waitFor();
    expect(await capOf()).toBe(5000);
    await page.getByText('5,000 credits').waitFor();
    await c.screenshot(page, 'usage-cap');

    await cap.fill('7500');
    await page.getByRole('button', { name: 'Change cap' }).click();
    await page.getByText('7,500 credits').waitFor();
    expect(await capOf()).toBe(7500);

    await page.getByRole('button', { name: 'Remove cap' }).click();
    await page.getByRole('dialog', { name: 'Remove the usage cap?' }).getByRole('button', { name: 'Remove cap' }).click();
    await page.getByRole('status').filter({ hasText: 'Cap removed.' }).waitFor();
    expect(await capOf()).toBeNull();
  });

  it('looks a user up: properties, followed and blocked sources, recent reads, sessions', async () => {
    const page = await c.loginAs(c.member);
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('textbox', { name: 'User id' }).fill('reader-1');
    await page.getByRole('button', { name: 'Look up' }).click();
    expect(new URL(page.url()).pathname).toBe(`/console/t/${c.tenantId}/users/reader-1`);
    const section = (title: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: title, level: 2 }) });
    await expect.poll(() => section('Profile').textContent()).toContain('area_names');
    expect(await section('Profile').textContent()).toContain('渋谷');
    const sources = await section('Sources').textContent();
    expect(sources).toMatch(/Followed科学テスト/);
    expect(sources).toMatch(/Blocked政治テスト/);
    expect(await section('Recent reads').textContent()).toContain(clickedTitle);
    expect(await section('Sessions').locator('tbody tr').count()).toBe(1);
    expect(await section('Sessions').locator('tbody td').last().textContent()).toBe('7');
    await c.screenshot(page, 'users');

    await page.getByRole('textbox', { name: 'User id' }).fill('nobody');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('alert').filter({ hasText: 'Not found (404)' }).waitFor();
  });
});
