import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureArticles } from '../helpers/fixture-articles.js';
import { NewsSite } from '../helpers/news-site.js';
import { describeInBrowser, startConsole, type ConsoleFixture } from './console-e2e-fixture.js';

describeInBrowser('console: a source page (edit, pause, crawl history, delete)', () => {
  let c: ConsoleFixture;
  let site: NewsSite;
  let sourceId: string;
  beforeAll(async () => {
    site = await NewsSite.start();
    site.addFeed('/feed.xml', 'rss2', fixtureArticles(2, { prefix: 'src', seed: 3, publishedAt: new Date(Date.now() - 3_600_000) }));
    c = await startConsole({ env: { CRAWL_HOST_DELAY_MS: '0' } });
    sourceId = await c.t.createSource({ name: 'Loopback Weekly', feed_url: site.url('/feed.xml'), trust_level: 1 });
    await c.t.admin('POST', `/admin/v1/sources/${sourceId}/crawl?wait=true`);
  });
  afterAll(async () => {
    await c?.close();
    await site?.close();
  });

  const announced = (page: import('playwright-core').Page, text: string) =>
    page.locator('.announcement').filter({ hasText: text }).waitFor();
  const source = async () => (await c.t.admin('GET', `/admin/v1/sources/${sourceId}`)).json();

  it('edits name, interval and trust, pauses and resumes with a confirmation each, shows the last crawls, and deletes it', async () => {
    const page = await c.loginAs(c.operator);
    await page.getByRole('link', { name: 'Sources' }).click();
    await page.getByRole('link', { name: 'Loopback Weekly' }).click();
    await page.getByRole('heading', { name: 'Loopback Weekly', level: 1 }).waitFor();
    // The crawl made before the page opened, with what it found.
    await page.getByRole('row').filter({ hasText: '2 new, 0 updated' }).waitFor();

    const interval = page.getByRole('spinbutton', { name: 'Crawl interval (seconds)' });
    await interval.fill('10');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A whole number of seconds from 30 to 86,400.').waitFor();
    await interval.fill('900');
    await page.getByRole('textbox', { name: 'Name' }).fill('Loopback Monthly');
    await page.getByRole('combobox', { name: 'Trust level (review)' }).selectOption('2');
    await page.getByRole('button', { name: 'Save' }).click();
    await announced(page, 'Source Loopback Monthly saved.');
    expect(await source()).toMatchObject({ name: 'Loopback Monthly', crawl_interval_seconds: 900, trust_level: 2 });

    await page.getByRole('button', { name: 'Pause crawling' }).click();
    await announced(page, 'Loopback Monthly paused');
    expect((await source()).active).toBe(false);
    await page.getByRole('button', { name: 'Resume crawling' }).waitFor();
    await c.screenshotAtWidths(page, 'source');
    await page.getByRole('button', { name: 'Resume crawling' }).click();
    await announced(page, 'Loopback Monthly resumed');
    expect((await source()).active).toBe(true);

    await page.getByRole('button', { name: 'Delete source' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Loopback Monthly?' });
    expect(await dialog.textContent()).toContain('its 2 articles');
    await dialog.getByRole('button', { name: 'Delete source' }).click();
    await page.getByRole('heading', { name: 'Sources', level: 1 }).waitFor();
    await announced(page, 'Source Loopback Monthly and its 2 articles deleted.');
    expect((await c.t.admin('GET', `/admin/v1/sources/${sourceId}`)).statusCode).toBe(404);
  });
});
