import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, startConsole, type ConsoleFixture } from './console-e2e-fixture.js';

describeInBrowser("console: finding users, and opening a user's feed", () => {
  let c: ConsoleFixture;
  beforeAll(async () => {
    c = await startConsole();
    for (const [id, properties] of [
      ['reader-1', { area_names: ['渋谷'], plan: 'gold' }],
      ['reader-2', { plan: 'free' }],
      ['visitor-9', { plan: 'gold' }],
    ] as const) {
      await c.t.api(c.key, 'PUT', `/v1/users/${id}`, { properties });
    }
  });
  afterAll(() => c?.close());

  it('finds users by id prefix and by property, opens one, and previews the feed for them', async () => {
    const page = await c.loginAs(c.member);
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('textbox', { name: 'Id starts with' }).fill('reader');
    await page.getByRole('button', { name: 'Find' }).click();
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('reader-1'), expect.stringContaining('reader-2')]);

    await page.getByRole('textbox', { name: 'Id starts with' }).fill('');
    await page.getByRole('textbox', { name: 'Property' }).fill('plan');
    await page.getByRole('textbox', { name: 'Value' }).fill('gold');
    await page.getByRole('button', { name: 'Find' }).click();
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('reader-1'), expect.stringContaining('visitor-9')]);
    await c.screenshotAtWidths(page, 'users-search');

    await page.getByRole('link', { name: 'reader-1' }).click();
    await page.getByRole('link', { name: 'Preview home for this user' }).click();
    await page.getByRole('heading', { name: 'Scenario home', level: 1 }).waitFor();
    // Run at once for that user, with their profile's area.
    await expect.poll(() => page.locator('.preview-meta').textContent()).toContain('reader-1');
    expect(await page.locator('.preview-meta').textContent()).toContain('渋谷');
  });
});
