import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, startConsole, type ConsoleFixture } from './console-e2e-fixture.js';

describeInBrowser('console: push jobs', () => {
  let c: ConsoleFixture;
  beforeAll(async () => {
    c = await startConsole();
    for (const user of ['reader-1', 'reader-2', 'reader-3']) {
      expect((await c.t.api(c.key, 'PUT', `/v1/users/${user}`, { properties: { interests: ['science'] } })).statusCode).toBe(201);
    }
  });
  afterAll(() => c?.close());

  it('starts a manual test job, shows it complete with users, credits and duration, and downloads its file', async () => {
    const page = await c.loginAs(c.member);
    await page.getByRole('link', { name: 'Push jobs' }).click();
    await page.getByRole('heading', { name: 'Push jobs', level: 1 }).waitFor();
    await page.getByText('No push jobs yet.').waitFor();

    // Without users the form says why, next to the field, and sends nothing.
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await page.getByRole('button', { name: 'Start job' }).click();
    await page.getByText('Enter at least one user id.').waitFor();
    expect(posts).toEqual([]);

    expect(await page.getByRole('combobox', { name: 'Scenario' }).inputValue()).toBe('daily');
    await page.getByRole('combobox', { name: 'Candidates per user' }).selectOption('2');
    await page.getByRole('textbox', { name: 'User ids' }).fill('reader-1, reader-2\nreader-3');
    await page.getByRole('button', { name: 'Start job' }).click();

    const row = page.locator('tbody tr').first();
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('completed');
    const cells = await row.locator('td').allTextContents();
    expect(cells[1]).toBe('completed');
    expect(cells[2]).toBe('daily');
    // Processed / total, and the users skipped (none here).
    expect(cells[3]).toBe('3 / 30 skipped (not registered, or deleted)');
    expect(cells[4]).toBe('1.5');
    expect(cells[5]).toMatch(/^\d+(\.\d)? (ms|s)$/);
    expect(posts).toHaveLength(1);
    await c.screenshot(page, 'push-jobs');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /^Download the file of job job_/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.jsonl$/);
    const lines = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { user_id: string; candidates: unknown[] });
    expect(lines.map((l) => l.user_id).sort()).toEqual(['reader-1', 'reader-2', 'reader-3']);
    for (const line of lines) expect(line.candidates).toHaveLength(2);

    // The same job through the tenant's API: one job, charged 1.5 credits.
    const jobId = (await row.locator('code').first().textContent())!;
    const job = (await c.t.api(c.key, 'GET', `/v1/push-candidates/${jobId}`)).json();
    expect(job).toMatchObject({
      status: 'completed',
      users_processed: 3,
      consumed_credits: 1.5,
      candidates_per_user: 2,
      target_mode: 'manual',
    });
  });
});
