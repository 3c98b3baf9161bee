import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_TYPES_FILE, CONSOLE_TYPES_FILE, documentFor, servedDocument, typesSource } from '../../client/scripts/api-document.js';
import { ContentFeedClient } from '../../client/src/index.js';

/** The client's types come from the served OpenAPI document, and it has an operation for each /v1 one. */
describe('the client package', () => {
  it("its generated types and the console's are what openapi-typescript makes of /v1/openapi.json now (generate:client)", async () => {
    const document = await servedDocument();
    const client = await typesSource(documentFor(document, ['/v1/']), 'npm run generate:client');
    expect(readFileSync(CLIENT_TYPES_FILE, 'utf8'), `${CLIENT_TYPES_FILE} is stale: run npm run generate:client`).toBe(client);
    const console = await typesSource(documentFor(document, ['/admin/', '/console/']), 'npm run generate:client');
    expect(readFileSync(CONSOLE_TYPES_FILE, 'utf8'), `${CONSOLE_TYPES_FILE} is stale: run npm run generate:client`).toBe(console);

    const operationIds = Object.entries<Record<string, { operationId: string }>>(document.paths)
      .filter(([route]) => route.startsWith('/v1/') && route !== '/v1/openapi.json')
      .flatMap(([, methods]) => Object.values(methods).map((operation) => operation.operationId));
    const methods = Object.getOwnPropertyNames(ContentFeedClient.prototype);
    expect(operationIds.length).toBeGreaterThan(10);
    expect(operationIds.filter((id) => !methods.includes(id))).toEqual([]);
  });

  it('is publishable as @content-feed/client with no runtime dependencies', () => {
    const manifest = JSON.parse(readFileSync('client/package.json', 'utf8'));
    expect(manifest.name).toBe('@content-feed/client');
    expect(manifest.private).toBeUndefined();
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.files).toContain('dist');
    expect(readFileSync('client/README.md', 'utf8')).toContain('npm install @content-feed/client');
  });
});
