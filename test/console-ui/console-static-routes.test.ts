import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_DIST_DIR, consoleStaticRoutes } from '../../src/console/console-static-routes.js';
import { installErrorHandling } from '../../src/http/error-handling.js';
import { ensureConsoleBuilt } from '../helpers/console-build.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe('the console is served from dist/console-ui', () => {
  let t: TestApp;
  let page: string;
  beforeAll(async () => {
    await ensureConsoleBuilt();
    page = readFileSync(path.join(CONSOLE_DIST_DIR, 'index.html'), 'utf8');
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('answers the page at /console with no-cache and a strict CSP', async () => {
    const res = await get('/console');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(page);
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // The page itself has no inline script for the CSP to block.
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('answers the same page for every console page path (the client-side router shows it)', async () => {
    for (const url of [
      '/console/',
      '/console/login',
      '/console/t/ten_x/overview',
      '/console/t/ten_x/scenarios/home',
      '/console/index.html',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(page);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year, immutable, and sends them compressed when the browser accepts it', async () => {
    const assets = [...page.matchAll(/(?:src|href)="(\/console\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      const plain = await get(asset);
      expect(plain.statusCode, asset).toBe(200);
      expect(plain.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
      expect(plain.headers['content-encoding'], asset).toBeUndefined();
      const gzip = await get(asset, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding'], asset).toBe('gzip');
      expect(gzip.headers.vary, asset).toMatch(/accept-encoding/i);
      expect(gzip.rawPayload.length, asset).toBeLessThan(plain.rawPayload.length);
    }
  });

  it('a missing asset or file is a 404 problem, never the page', async () => {
    for (const url of ['/console/assets/index-nothere.js', '/console/robots.txt']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
      expect(res.headers['cache-control'], url).not.toBe('public, max-age=31536000, immutable');
    }
  });

  it('leaves /console/api/* to the session routes: unknown paths 404, a GET of a POST route 405', async () => {
    const unknown = await get('/console/api/nothing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/problem\+json/);
    const wrongMethod = await get('/console/api/login');
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toContain('POST');
  });

  it('does not serve files outside the build', async () => {
    const res = await get('/console/..%2f..%2fpackage.json');
    expect(res.statusCode).not.toBe(200);
    expect(res.body).not.toContain('"name": "content-feed"');
  });
});

describe('without a build', () => {
  it('answers 503 problem saying how to build it', async () => {
    const app = Fastify();
    installErrorHandling(app);
    await app.register(consoleStaticRoutes, { distDir: path.join(mkdtempSync(path.join(tmpdir(), 'cf-no-console-')), 'missing') });
    const res = await app.inject({ method: 'GET', url: '/console/t/ten_x/overview' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().detail).toContain('npm run build');
    await app.close();
  });
});
