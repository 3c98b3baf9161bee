import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, startConsole, type ConsoleFixture } from './console-e2e-fixture.js';

describeInBrowser('console: pipeline status', () => {
  let c: ConsoleFixture;
  beforeAll(async () => {
    c = await startConsole({ env: { CRAWL_HOST_DELAY_MS: '0' } });
    // Nothing answers there: the workers crawl it at once, it fails and backs off.
    await c.t.createSource({ name: 'Gone', feed_url: 'http://127.0.0.1:9/feed.xml' });
  });
  afterAll(() => c?.close());

  it("shows each stage's queue with the name of its metric, as the API reports it", async () => {
    const page = await c.loginAs(c.operator);
    await page.getByRole('link', { name: 'Pipeline' }).click();
    await page.getByRole('heading', { name: 'Pipeline', level: 1 }).waitFor();
    const stat = (label: string) => page.locator('.stat').filter({ has: page.getByRole('heading', { name: label, exact: true }) });
    // The worker's failed crawl of it is counted (the page also reads the numbers again every 5 s).
    await expect.poll(() => stat('Failing sources').locator('.stat-value').textContent(), { timeout: 20_000 }).toBe('1');
    expect((await c.t.admin('GET', '/admin/v1/pipeline')).json().crawl.failing).toBe(1);
    expect(await stat('Failing sources').locator('code').textContent()).toBe('crawl_sources{state="failing"}');
    expect(await stat('Accepted, not yet applied').locator('code').textContent()).toBe('events_unprocessed');
    expect(await stat('Webhook deliveries waiting').locator('code').textContent()).toBe('webhook_deliveries_pending');
    await c.screenshotAtWidths(page, 'pipeline');
  });
});
