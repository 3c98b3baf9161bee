import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const run = promisify(execFile);

/** What generators and linters make of /v1/openapi.json, as a tenant would run them on it. */
describe('the OpenAPI document as generators take it', () => {
  let t: TestApp;
  let document: Record<string, any>;
  let file: string;
  beforeAll(async () => {
    t = await startTestApp();
    document = (await t.app.inject('/v1/openapi.json')).json();
    file = path.join(mkdtempSync(path.join(tmpdir(), 'cf-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
  });
  afterAll(() => t.close());

  it('Redocly lint with the recommended rules reports no error (offline: no telemetry, no update check)', async () => {
    const { stdout } = await run(
      process.execPath,
      [path.resolve('node_modules/@redocly/cli/bin/cli.js'), 'lint', '--extends=recommended', '--format=json', file],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as {
      totals: { errors: number };
      problems: Array<{ severity: string; ruleId: string; message: string }>;
    };
    expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('openapi-typescript generates types that compile, with optional defaults and one type per event', async () => {
    const source = astToString(await openapiTS(document as never));
    const generated = path.join(path.dirname(file), 'api.ts');
    writeFileSync(
      generated,
      `${source}\nexport type FeedQuery = operations['getFeed']['parameters']['query'];\n` +
        "export const minimal: FeedQuery = { scenario: 'home' };\n" +
        "export const login: components['schemas']['LoginEvent'] = { type: 'login', session_id: 's', user_id: 'u', " +
        "occurred_at: '2026-01-01T00:00:00Z' };\n" +
        '// @ts-expect-error a click needs its tracking_token\n' +
        "export const click: components['schemas']['ClickEvent'] = { type: 'click', session_id: 's', " +
        "occurred_at: '2026-01-01T00:00:00Z' };\n",
    );
    const program = ts.createProgram([generated], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      skipLibCheck: true,
      types: [],
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  });

  it('every operation has an operationId and tags; public routes say security: []; problems are problem+json with an example', () => {
    const ids = new Set<string>();
    for (const [route, methods] of Object.entries<Record<string, any>>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(methods)) {
        const name = `${method.toUpperCase()} ${route}`;
        expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z]+$/);
        expect(ids.has(operation.operationId), `${name}: ${operation.operationId} is unique`).toBe(false);
        ids.add(operation.operationId);
        expect(operation.tags?.length, name).toBeGreaterThan(0);
        expect(operation.security, name).toBeDefined();
        for (const [status, response] of Object.entries<any>(operation.responses)) {
          if (Number(status) < 400) continue;
          expect(Object.keys(response.content), `${name} ${status}`).toEqual(['application/problem+json']);
          const example = response.content['application/problem+json'].example;
          expect(example.status, `${name} ${status}`).toBe(Number(status));
          expect(example.instance.startsWith(route.split('{')[0]!), `${name} ${status}`).toBe(true);
        }
      }
    }
    expect(document.paths['/thumbnails/{content_id}'].get.security).toEqual([]);
    expect(document.paths['/console/api/login'].post.security).toEqual([]);
  });
});
