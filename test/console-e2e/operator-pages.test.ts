import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureArticles } from '../helpers/fixture-articles.js';
import { NewsSite } from '../helpers/news-site.js';
import { describeInBrowser, startConsole, type ConsoleFixture } from './console-e2e-fixture.js';

describeInBrowser('console: operator pages (tenants and plans, sources)', () => {
  let c: ConsoleFixture;
  let site: NewsSite;
  beforeAll(async () => {
    site = await NewsSite.start();
    site.addFeed('/feed.xml', 'rss2', fixtureArticles(2, { prefix: 'crawl', seed: 7, publishedAt: new Date(Date.now() - 3_600_000) }));
    c = await startConsole({ env: { CRAWL_HOST_DELAY_MS: '0' } });
  });
  afterAll(async () => {
    await c?.close();
    await site?.close();
  });

  it('lists tenants, creates one on a custom plan, opens it from the tenant menu, changes its plan', async () => {
    const page = await c.loginAs(c.operator);
    // An operator starts on the tenant list, with no tenant chosen yet.
    await page.getByRole('heading', { name: 'Tenants & plans', level: 1 }).waitFor();
    await page.getByRole('row', { name: /Acme News/ }).waitFor();

    await page.getByRole('textbox', { name: 'Name' }).fill('Beta Media');
    await page.getByRole('combobox', { name: 'Plan' }).selectOption('custom');
    await page.getByRole('spinbutton', { name: 'Requests per second' }).fill('0');
    await page.getByRole('button', { name: 'Create tenant' }).click();
    await page.getByText('A whole number from 1 to 100,000.').waitFor();
    await page.getByRole('spinbutton', { name: 'Requests per second' }).fill('250');
    await page.getByRole('button', { name: 'Create tenant' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    const betaId = new URL(page.url()).pathname.split('/')[3]!;
    // The tenant menu learns of the new tenant when its list reloads, just after the page opens.
    await expect.poll(() => page.getByRole('combobox', { name: 'Tenant' }).inputValue()).toBe(betaId);
    await expect
      .poll(() => page.locator('.stat').filter({ hasText: 'Rate-limit plan' }).textContent())
      .toContain('250 requests per second');

    // The tenant menu switches tenants: the pages follow.
    await page.getByRole('combobox', { name: 'Tenant' }).selectOption({ label: 'Acme News' });
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/console/t/${c.tenantId}/overview`);
    await page.getByRole('link', { name: 'API keys' }).click();
    expect(new URL(page.url()).pathname).toBe(`/console/t/${c.tenantId}/api-keys`);

    await page.getByRole('link', { name: 'Tenants & plans' }).click();
    const row = page.getByRole('row', { name: /Beta Media/ });
    await row.getByRole('button', { name: 'Change the plan of Beta Media' }).click();
    await row.getByRole('combobox', { name: 'Plan' }).selectOption('professional');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row.textContent()).toContain('Professional');
    expect((await c.t.admin('GET', `/admin/v1/tenants/${betaId}`)).json()).toMatchObject({ plan: 'professional', rate_limit_rps: 100 });
    await c.screenshot(page, 'tenants');
  });

  it('registers a source, shows its crawl status, crawls it now and changes its trust level', async () => {
    const page = await c.loginAs(c.operator);
    await page.getByRole('link', { name: 'Sources' }).click();
    await page.getByRole('heading', { name: 'Sources', level: 1 }).waitFor();

    await page.getByRole('textbox', { name: 'Name' }).fill('Loopback Daily');
    await page.getByRole('textbox', { name: 'Feed URL' }).fill(site.url('/feed.xml'));
    await page.getByRole('combobox', { name: 'Trust level (review)' }).selectOption('1');
    await page.getByRole('textbox', { name: 'Category' }).fill('technology');
    await page.getByRole('button', { name: 'Register source' }).click();
    const row = page.getByRole('row', { name: /Loopback Daily/ });
    await row.waitFor();

    // The worker crawls a new source at once; Refresh by reloading until it did.
    await expect
      .poll(
        async () => {
          await page.reload();
          return row.locator('.badge').textContent();
        },
        { timeout: 20_000 },
      )
      .toBe('ok');

    // A new article in the feed: "Crawl now" fetches it and says so.
    site.publish(fixtureArticles(1, { prefix: 'late', seed: 9, publishedAt: new Date() })[0]!, '/feed.xml');
    await row.getByRole('button', { name: 'Crawl Loopback Daily now' }).click();
    await expect
      .poll(() => row.getByRole('status').textContent(), { timeout: 20_000 })
      .toMatch(/^1 new, 0 updated, 0 duplicate, 2 unchanged, 0 failed$/);
    expect(await row.locator('td').nth(2).textContent()).toMatch(/Last crawl: .+Next attempt: /);

    await row.getByRole('combobox', { name: 'Trust level of Loopback Daily' }).selectOption('2');
    await expect
      .poll(
        async () =>
          (await c.t.admin('GET', '/admin/v1/sources')).json().sources.find((s: { name: string }) => s.name === 'Loopback Daily')
            ?.trust_level,
      )
      .toBe(2);
    await row.evaluate((tr) => tr.scrollIntoView({ block: 'end' }));
    await c.screenshot(page, 'sources');
  });
});
