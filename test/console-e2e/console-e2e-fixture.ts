import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { describe } from 'vitest';
import { ensureConsoleBuilt } from '../helpers/console-build.js';
import { holdPort } from '../helpers/held-port.js';
import { startFeedFixture, type FeedFixture } from '../helpers/feed-fixture.js';
import type { TestAppOptions } from '../helpers/test-app.js';
import { ManualClock } from '../../src/lib/clock.js';

export const CHROMIUM = '/usr/bin/chromium';
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const ROOT = path.resolve(import.meta.dirname, '../..');
export const SCREENSHOT_DIR = path.join(ROOT, 'test-artifacts/console');
export const PASSWORD = 'console e2e password 1';
/** The widths a console page must work at (issue 19): a phone, a small laptop, a desktop. */
export const SCREEN_WIDTHS = [390, 800, 1366] as const;

/**
 * The browser tests need Debian's chromium. Without it they are skipped with
 * this message, unless REQUIRE_ALL_BACKENDS=1 (CI installs it): then they fail.
 */
function browserSuite(): typeof describe {
  if (existsSync(CHROMIUM)) return describe;
  const missing = `${CHROMIUM} not found (apt-get install chromium; .ci/run does)`;
  if (process.env.REQUIRE_ALL_BACKENDS === '1')
    throw new Error(`[tests] ${missing}, and REQUIRE_ALL_BACKENDS=1 requires the console browser tests.`);
  console.warn(`[tests] ${missing}: the console browser tests are SKIPPED.`);
  return describe.skip as typeof describe;
}
/** A browser step is slower than an inject(), the more so with the rest of the suite on two cores. */
const BROWSER_TEST_TIMEOUT_MS = 90_000;

export function describeInBrowser(name: string, tests: () => void): void {
  browserSuite()(name, tests, BROWSER_TEST_TIMEOUT_MS);
}

/**
 * Real time, where the app expects a ManualClock: in a browser test time passes
 * as it does for the user (webhook retries fall due, receivers check signature
 * timestamps against their own clock, newest rows come first).
 */
class WallClock extends ManualClock {
  override now(): number {
    return Date.now();
  }
}

export interface ConsoleFixture extends FeedFixture {
  /** http://127.0.0.1:<port> where the app listens. */
  url: string;
  browser: Browser;
  /** Login emails: an operator, and a member of the fixture's tenant. */
  operator: string;
  member: string;
  /** A fresh browser (its own cookies) at 1280×800. */
  newContext(): Promise<BrowserContext>;
  /** Opens the login page in a new context and signs in; resolves once the first page shows. */
  loginAs(email: string): Promise<Page>;
  screenshot(page: Page, name: string): Promise<void>;
  /** Whole-page pictures at a phone's, a small laptop's and a desktop's width (`name-390.png` …); leaves the page at 1280×800. */
  screenshotAtWidths(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real service, listening on a loopback port with its workers (push jobs,
 * webhooks, events), the feed fixture's tenant and articles, two console
 * users, and headless Chromium. The console is built first if it is stale.
 */
export async function startConsole(options: TestAppOptions = {}): Promise<ConsoleFixture> {
  await ensureConsoleBuilt();
  // Signed download URLs point at PUBLIC_BASE_URL: it must be known before the app starts.
  const held = await holdPort();
  const url = held.url;
  const fixture = await startFeedFixture({
    clock: new WallClock(),
    ...options,
    perSource: 4,
    startWorkers: true,
    env: { PUBLIC_BASE_URL: url, ALLOW_PRIVATE_NETWORK_FETCH: 'true', WEBHOOK_RETRY_DELAYS_MS: '200,200,200', ...options.env },
  });
  held.serve(fixture.t.app.server);
  await fixture.t.admin('PATCH', `/admin/v1/tenants/${fixture.tenantId}`, { name: 'Acme News' });

  const operator = 'operator@console.test';
  const member = 'member@console.test';
  for (const user of [
    { email: operator, role: 'operator' },
    { email: member, role: 'member', tenant_id: fixture.tenantId },
  ]) {
    const res = await fixture.t.admin('POST', '/admin/v1/console-users', { ...user, password: PASSWORD });
    if (res.statusCode !== 201) throw new Error(`console user not created: ${res.statusCode} ${res.body}`);
  }

  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: LAUNCH_ARGS });
  const contexts: BrowserContext[] = [];
  const newContext = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', baseURL: url });
    // A step that cannot happen fails in 20 s naming its locator, inside the test's 30 s. At 10 s a
    // loaded CI run once failed a step that passes in 2 s alone (audit-log's "Cap saved.").
    context.setDefaultTimeout(20_000);
    contexts.push(context);
    return context;
  };
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  return {
    ...fixture,
    url,
    browser,
    operator,
    member,
    newContext,
    async loginAs(email) {
      const page = await (await newContext()).newPage();
      await page.goto('/console/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('navigation', { name: 'Console sections' }).waitFor();
      return page;
    },
    async screenshot(page, name) {
      // Fonts and the last paint settle before the picture is taken.
      await page.evaluate('document.fonts.ready.then(() => true)');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
    },
    async screenshotAtWidths(page, name) {
      for (const width of SCREEN_WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate('document.fonts.ready.then(() => true)');
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close();
      await held.close();
      await fixture.t.close();
    },
  };
}
