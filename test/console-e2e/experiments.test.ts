import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, startConsole, type ConsoleFixture } from './console-e2e-fixture.js';

describeInBrowser('console: experiments', () => {
  let c: ConsoleFixture;
  beforeAll(async () => {
    c = await startConsole();
    await c.t.admin('PUT', `/admin/v1/tenants/${c.tenantId}/algorithms/nosports`, {
      min_trust_level: 1,
      max_age_hours: 72,
      exploration: 0,
      languages: ['ja'],
      exclude_categories: ['sports'],
    });
  });
  afterAll(() => c?.close());

  it("starts an experiment from the form, shows each variant's intervals and the test, promotes the winner; in Japanese too", async () => {
    const page = await c.loginAs(c.member);
    await page.getByRole('link', { name: 'Experiments' }).click();
    await page.getByRole('heading', { name: 'Experiments', level: 1 }).waitFor();
    await page.getByLabel('Scenario').selectOption('home');
    await page.getByLabel('Users per variant before a winner is called').fill('20');
    await page.getByRole('group', { name: 'Variant 2' }).getByLabel('Algorithm').selectOption('nosports');
    // Shares that do not add up to 100 % are said before anything is sent.
    await page.getByRole('group', { name: 'Variant 2' }).getByLabel('Share (%)').fill('60');
    await page.getByText('The shares add up to 110%; they must add up to 100%.').waitFor();
    await page.getByRole('group', { name: 'Variant 2' }).getByLabel('Share (%)').fill('50');
    await page.getByText('The shares add up to 100%.').waitFor();
    await page.getByRole('button', { name: 'Start the experiment' }).click();
    await page.getByRole('heading', { name: 'home: control vs variant', level: 1 }).waitFor();
    await page.getByText('No winner is called before every variant has 20 users.').waitFor();
    const experimentId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);

    // Readers come: the variant's users click, control's only look.
    const events: Record<string, unknown>[] = [];
    for (let i = 0; i < 80; i++) {
      const user = `reader-${i}`;
      const items = (await c.feed({ user_id: user, limit: 3 })).body.items;
      const variant = c.t.deps.tokens.verify(items[0].tracking_token)!.experiment!.variant;
      for (const item of items)
        events.push({
          type: 'impression',
          session_id: `s-${user}`,
          user_id: user,
          tracking_token: item.tracking_token,
          occurred_at: new Date().toISOString(),
        });
      if (variant === 'variant' || i % 10 === 0)
        events.push({
          type: 'click',
          session_id: `s-${user}`,
          user_id: user,
          tracking_token: items[0].tracking_token,
          occurred_at: new Date().toISOString(),
        });
    }
    for (let i = 0; i < events.length; i += 100)
      expect((await c.t.api(c.key, 'POST', '/v1/events', { events: events.slice(i, i + 100) })).statusCode).toBe(202);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('variant wins: significantly more of its users clicked').waitFor();
    const rows = page.getByRole('region', { name: 'Variants' }).locator('tbody tr');
    expect(await rows.count()).toBe(2);
    // Every user of the variant clicked: 100 %, with its interval beside it.
    expect(await rows.nth(1).locator('td').nth(4).textContent()).toMatch(/^100%\d+(\.\d+)?% – 100%$/);
    expect(await rows.nth(0).locator('td').nth(5).textContent()).toBe('control');
    // One day so far: a point per variant.
    expect(await page.getByRole('region', { name: 'CTR per day' }).locator('svg circle').count()).toBe(2);
    await c.screenshotAtWidths(page, 'experiment');
    // On a phone the page never scrolls sideways: the wide table scrolls inside its box.
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: '日本語' }).click();
    await page.getByText('variant の勝ち').waitFor();
    await page.getByRole('region', { name: 'バリアント' }).waitFor();
    await c.screenshot(page, 'experiment-ja');
    await page.getByRole('button', { name: 'English' }).click();

    await page.getByRole('button', { name: 'Promote variant' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Promote variant' }).click();
    await page.getByText('variant promoted').waitFor();
    expect((await c.t.admin('GET', `/admin/v1/tenants/${c.tenantId}/scenarios/home`)).json().algorithm_id).toBe('nosports');
    const audited = (await c.t.admin('GET', `/admin/v1/tenants/${c.tenantId}/audit-log`)).json().entries;
    expect(audited.find((e: any) => e.target.endsWith(`/experiments/${experimentId}/promote`))).toMatchObject({
      actor: c.member,
      method: 'POST',
    });

    // A bandit: the page says who sets the shares, and offers no form for them.
    await page.getByRole('link', { name: '← All experiments' }).click();
    await page.getByLabel('Scenario').selectOption('home');
    await page.getByLabel('How shares are set').selectOption('thompson');
    await page.getByRole('button', { name: 'Start the experiment' }).click();
    await page.getByText('A bandit sets these shares every 10 minutes').waitFor();
    expect(await page.getByRole('button', { name: 'Save shares' }).count()).toBe(0);
    const list = (await c.t.admin('GET', `/admin/v1/tenants/${c.tenantId}/experiments`)).json().experiments;
    expect(list[0]).toMatchObject({ allocation: 'thompson', status: 'running' });
  });
});
