import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, PASSWORD, SCREEN_WIDTHS, SCREENSHOT_DIR, startConsole, type ConsoleFixture } from './console-e2e-fixture.js';

/** How far a page is wider than the window: its root and its body (0 when it fits). */
const OVERFLOW = `(() => ({
  html: document.documentElement.scrollWidth - window.innerWidth,
  body: document.body.scrollWidth - window.innerWidth,
}))()`;

describeInBrowser('console: every page fits a phone, a small laptop and a desktop without scrolling sideways', () => {
  let c: ConsoleFixture;
  beforeAll(async () => {
    c = await startConsole();
    // Rows in the tables that are widest: a user with a profile, a second API key, a push job.
    await c.t.api(c.key, 'PUT', '/v1/users/reader-1', {
      properties: { area_names: ['渋谷'], area_level: 'station', interests: ['technology'] },
    });
    await c.t.admin('POST', `/admin/v1/tenants/${c.tenantId}/api-keys`, { name: 'A key with a rather long name for a narrow screen' });
  });
  afterAll(() => c?.close());

  /** Signs in at each width in a browser of its own and opens each page (name → path): the page must fit, its picture is taken. */
  async function checkPages(email: string, role: string, pages: Record<string, string>): Promise<string[]> {
    const overflowing: string[] = [];
    for (const width of SCREEN_WIDTHS) {
      const context = await c.newContext();
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/console/login');
      await expectFits(page, overflowing, `login at ${width}`, `login-${width}`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('navigation', { name: 'Console sections' }).waitFor();
      for (const [name, url] of Object.entries(pages)) {
        await page.goto(url);
        await expectFits(page, overflowing, `${url} at ${width}`, `${role}-${name}-${width}`);
      }
      await context.close();
    }
    return overflowing;
  }

  async function expectFits(page: Page, overflowing: string[], what: string, screenshot: string): Promise<void> {
    await page.locator('h1').first().waitFor();
    // Charts and tables come with their data: the page is measured once nothing is loading any more.
    await expect.poll(() => page.locator('.loading').count()).toBe(0);
    await page.evaluate('document.fonts.ready.then(() => true)');
    const overflow = await page.evaluate<{ html: number; body: number }>(OVERFLOW);
    if (overflow.html > 0 || overflow.body > 0) overflowing.push(`${what}: ${overflow.html} px too wide (body ${overflow.body} px)`);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'responsive', `${screenshot}.png`), fullPage: true });
  }

  it('operator pages', async () => {
    const pages = {
      tenants: '/console/tenants',
      'tenant-edit': `/console/tenants/${c.tenantId}`,
      sources: '/console/sources',
      source: `/console/sources/${c.sources.technology}`,
      articles: '/console/articles',
      article: `/console/articles/${c.items.technology![0]}`,
      pipeline: '/console/pipeline',
      'audit-log': '/console/audit-log',
      'console-users': '/console/console-users',
      // With a tenant chosen the top bar also holds the tenant menu.
      'tenant-overview': `/console/t/${c.tenantId}/overview`,
      'not-found': '/console/no-such-page',
    };
    expect(await checkPages(c.operator, 'operator', pages)).toEqual([]);
  });

  it('member pages', async () => {
    const tenant = `/console/t/${c.tenantId}`;
    const sections = [
      'overview',
      'api-keys',
      'scenarios',
      'scenarios/home',
      'algorithms/main',
      'push-jobs',
      'webhook',
      'usage-cap',
      'users',
      'users/reader-1',
      'audit-log',
      'trends',
    ];
    const pages = Object.fromEntries(sections.map((section) => [section.replace('/', '-'), `${tenant}/${section}`]));
    expect(await checkPages(c.member, 'member', pages)).toEqual([]);
  });
});
