import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, startConsole, type ConsoleFixture } from './console-e2e-fixture.js';

const STORY = '記者が現地で関係者に話を聞いた。今後の予定についても説明があった。周辺の住民からは期待と不安の声が上がっている。';

describeInBrowser('console: articles', () => {
  let c: ConsoleFixture;
  let fuchu: string;
  beforeAll(async () => {
    c = await startConsole();
    fuchu = await c.ingest('science', {
      title: '東京都府中市で市民祭り',
      body: `東京都府中市の公園で市民祭りが開かれた。${STORY}`,
      minutesAgo: 5,
    });
  });
  afterAll(() => c?.close());

  it('searches articles, opens one with its analysis and servability, and deletes it with a confirmation', async () => {
    const page = await c.loginAs(c.operator);
    // From a source's article count to its articles.
    await page.getByRole('link', { name: 'Sources' }).click();
    await page
      .getByRole('row', { name: /科学テスト/ })
      .getByRole('link', { name: '5 articles' })
      .click();
    await page.getByRole('heading', { name: 'Articles', level: 1 }).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(5);
    await c.screenshotAtWidths(page, 'articles');

    await page.goto('/console/articles');
    await page.getByRole('textbox', { name: 'Words of the title' }).fill('府中 祭り');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.getByRole('link', { name: '東京都府中市で市民祭り' }).click();

    await page.getByRole('heading', { name: '東京都府中市で市民祭り', level: 1 }).waitFor();
    await page.getByText('Servable', { exact: true }).waitFor();
    const facts = page.locator('.article-facts');
    await expect.poll(() => facts.textContent()).toContain('府中市 (東京都)');
    expect(await facts.textContent()).toContain('科学テスト · trust level 2');
    expect(await facts.textContent()).toContain('science');
    await c.screenshotAtWidths(page, 'article');

    await page.getByRole('button', { name: 'Delete article' }).click();
    await page.getByRole('dialog', { name: 'Delete this article?' }).getByRole('button', { name: 'Delete article' }).click();
    await page.getByRole('heading', { name: 'Articles', level: 1 }).waitFor();
    await page.locator('.announcement').filter({ hasText: 'Article “東京都府中市で市民祭り” deleted.' }).waitFor();
    expect((await c.t.admin('GET', `/admin/v1/contents/${fuchu}`)).statusCode).toBe(404);
  });
});
