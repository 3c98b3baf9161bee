/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-assignment,
   @typescript-eslint/no-unsafe-member-access -- the OpenAPI document is JSON of any shape, walked by hand */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import pino from 'pino';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createRuntime } from '../../src/deps.js';
import { wrapLongLines } from './wrap-long-lines.js';

type Json = Record<string, any>;

/** /v1/openapi.json as the server serves it, from an app built on a throwaway SQLite database. */
export async function servedDocument(): Promise<Json> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-openapi-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'openapi.sqlite')}`,
      ADMIN_TOKEN: 'openapi-generation-token-0123456789',
      SECRET_KEY: 'openapi-generation-secret-0123456789abcdef0123',
      RANKING_THREADS: '0',
    },
    { readDotEnv: false },
  );
  const runtime = await createRuntime(config, { log: pino({ level: 'silent' }), startWorkers: false });
  const app = await buildApp(runtime.deps);
  try {
    await app.ready();
    return (await app.inject('/v1/openapi.json')).json();
  } finally {
    await app.close();
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Only the paths under `prefixes`, with the component schemas they reach. */
export function documentFor(document: Json, prefixes: string[]): Json {
  const paths = Object.fromEntries(Object.entries(document.paths).filter(([p]) => prefixes.some((prefix) => p.startsWith(prefix))));
  const schemas: Json = document.components?.schemas ?? {};
  const reached = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
        const name = value.slice('#/components/schemas/'.length);
        if (!reached.has(name)) {
          reached.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit(paths);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
  return { ...document, servers: [{ url: '/' }], paths, components: { ...document.components, schemas: kept } };
}

/**
 * TypeScript types for a document, as openapi-typescript writes them, with a header saying where they come from
 * and the lines over 140 columns wrapped (eslint's max-len holds generated files too).
 */
export async function typesSource(document: Json, regenerate: string): Promise<string> {
  const body = astToString(await openapiTS(document as never));
  const header = `/**\n * Generated from /v1/openapi.json by openapi-typescript: do not edit.\n * Regenerate with \`${regenerate}\`.\n */`;
  return wrapLongLines(`${header}\n\n${body}`, 140);
}

export const CLIENT_TYPES_FILE = 'client/src/generated/openapi.ts';
export const CONSOLE_TYPES_FILE = 'console/src/api/openapi.ts';
