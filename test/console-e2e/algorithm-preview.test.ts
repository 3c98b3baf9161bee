import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, startConsole, type ConsoleFixture } from './console-e2e-fixture.js';

const FOLLOWED = '科学テスト';

/** The source column of the preview's rows, top first. */
async function previewSources(page: Page): Promise<string[]> {
  const rows = page.locator('.preview-table tbody tr');
  return rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[2]?.textContent ?? ''));
}

describeInBrowser('console: scenarios, algorithms and the ranking preview', () => {
  let c: ConsoleFixture;
  beforeAll(async () => {
    c = await startConsole();
    // reader-1 follows the science source, whose articles are a few minutes older than the others.
    expect((await c.t.api(c.key, 'PUT', '/v1/users/reader-1', { properties: { area_level: 'city' } })).statusCode).toBe(201);
    expect((await c.t.api(c.key, 'PUT', `/v1/users/reader-1/sources/${c.sources.science}/follow`)).statusCode).toBe(204);
  });
  afterAll(() => c?.close());

  it('raising the followed-source weight moves the followed source to the top of the preview', async () => {
    const page = await c.loginAs(c.member);
    await page.getByRole('link', { name: 'Scenarios & algorithms', exact: true }).click();
    await page.getByRole('row', { name: /^main/ }).getByRole('link', { name: 'main' }).click();
    await page.getByRole('heading', { name: 'Algorithm main', level: 1 }).waitFor();

    const follow = page.getByRole('spinbutton', { name: 'Followed source' });
    await follow.fill('0');
    await page.getByRole('button', { name: 'Save algorithm' }).click();
    await page.getByText('Saved.').waitFor();

    await page.getByRole('textbox', { name: 'User id' }).fill('reader-1');
    await page.getByRole('button', { name: 'Run preview' }).click();
    await page.getByText('User reader-1 (registered, personalised)').waitFor();
    const before = await previewSources(page);
    expect(before.length).toBeGreaterThanOrEqual(10);
    expect(before[0]).not.toBe(FOLLOWED);

    // Out of range: the reason shows next to the field and nothing is sent.
    const puts: string[] = [];
    page.on('request', (r) => r.method() === 'PUT' && puts.push(r.url()));
    await follow.fill('11');
    await page.getByText('Between 0 and 10.').waitFor();
    expect(await follow.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Save algorithm' }).click();
    await page.getByRole('alert').filter({ hasText: 'need attention' }).waitFor();
    expect(puts).toEqual([]);

    await follow.fill('5');
    await page.getByRole('button', { name: 'Save algorithm' }).click();
    // Saving runs the preview on screen again.
    await expect.poll(async () => (await previewSources(page))[0], { timeout: 10_000 }).toBe(FOLLOWED);
    const after = await previewSources(page);
    expect(after).not.toEqual(before);
    expect(after.slice(0, 3)).toEqual([FOLLOWED, FOLLOWED, FOLLOWED]);
    const why = await page.locator('.preview-table tbody tr').first().locator('.signals').textContent();
    expect(why).toContain('Followed source +5');
    // Which weights ranked: the configured ones (no clicks fitted yet), the new follow weight among them.
    expect(await page.locator('.preview-weights').textContent()).toMatch(/^Weights as configured\b.*Followed source 5/);
    expect(puts).toHaveLength(1);
    await page.evaluate('window.scrollTo(0, 0)');
    await c.screenshot(page, 'algorithm');
    await page.getByRole('heading', { name: 'Preview' }).evaluate((h) => h.scrollIntoView({ block: 'start' }));
    await c.screenshot(page, 'algorithm-preview');

    // The server keeps what was saved.
    const saved = await c.t.admin('GET', `/admin/v1/tenants/${c.tenantId}/algorithms/main`);
    expect(saved.json().config.weights.follow).toBe(5);
  });

  it('a new algorithm, linked to a new scenario, ranks that scenario', async () => {
    const page = await c.loginAs(c.member);
    await page.goto(`/console/t/${c.tenantId}/scenarios`);
    await page.getByRole('textbox', { name: 'Algorithm id' }).fill('latest first');
    await page.getByRole('button', { name: 'Create algorithm' }).click();
    await page.getByText('Letters, digits, _ . - only', { exact: false }).waitFor();
    await page.getByRole('textbox', { name: 'Algorithm id' }).fill('latest-first');
    await page.getByRole('button', { name: 'Create algorithm' }).click();
    await page.getByRole('heading', { name: 'Algorithm latest-first', level: 1 }).waitFor();
    expect(await page.getByRole('spinbutton', { name: 'Followed source' }).inputValue()).toBe('0.5');
    expect(await page.getByRole('spinbutton', { name: 'Readers like them' }).inputValue()).toBe('1');
    for (const weight of ['Interest (relevance)', 'Readers like them', 'Area', 'Followed source', 'Popularity']) {
      await page.getByRole('spinbutton', { name: weight }).fill('0');
    }
    await page.getByRole('spinbutton', { name: 'Freshness', exact: true }).fill('2');
    await page.getByRole('button', { name: 'Save algorithm' }).click();
    await page.getByText('Saved.').waitFor();

    await page.getByRole('link', { name: 'Scenarios & algorithms', exact: true }).click();
    await page.getByRole('textbox', { name: 'Scenario name' }).fill('newest');
    await page.getByRole('combobox', { name: 'Algorithm' }).selectOption('latest-first');
    await page.getByRole('button', { name: 'Create scenario' }).click();
    await page.getByRole('heading', { name: 'Scenario newest', level: 1 }).waitFor();
    // The page fills the select once the scenario has loaded.
    await expect.poll(() => page.getByRole('combobox', { name: 'Algorithm' }).inputValue()).toBe('latest-first');

    await page.getByRole('textbox', { name: 'User id' }).fill('reader-1');
    await page.getByRole('button', { name: 'Run preview' }).click();
    await expect.poll(async () => (await previewSources(page)).length).toBeGreaterThan(0);
    // Freshness only: the newest article of all (sports, just published) leads, followed or not.
    const newest = (await c.t.api(c.key, 'GET', `/v1/contents/${c.items.sports![0]}`)).json();
    expect(await page.locator('.preview-table tbody tr').first().locator('.preview-title a').textContent()).toBe(newest.title);
    expect(await page.locator('.preview-table tbody tr').first().locator('.signals').textContent()).toMatch(/^Freshness \+2/);
    await c.screenshot(page, 'scenario');

    // Relinked to `main`, the same preview puts the followed source first.
    await page.getByRole('combobox', { name: 'Algorithm' }).selectOption('main');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await previewSources(page))[0], { timeout: 10_000 }).toBe(FOLLOWED);
    expect((await c.t.admin('GET', `/admin/v1/tenants/${c.tenantId}/scenarios/newest`)).json().algorithm_id).toBe('main');

    await page.getByRole('link', { name: 'Scenarios & algorithms', exact: true }).click();
    await page.getByRole('row', { name: /^newest/ }).waitFor();
    await c.screenshot(page, 'scenarios');
  });
});
