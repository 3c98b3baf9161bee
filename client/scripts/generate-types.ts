import { writeFileSync } from 'node:fs';
import { CLIENT_TYPES_FILE, documentFor, servedDocument, typesSource } from './api-document.js';

/**
 * Writes the client's types from the server's OpenAPI document: `npm run generate:client`.
 * A test (client/test/generated-types.test.ts) fails while the committed file is stale.
 */
const document = await servedDocument();
writeFileSync(CLIENT_TYPES_FILE, await typesSource(documentFor(document, ['/v1/']), 'npm run generate:client'));
console.log(`wrote ${CLIENT_TYPES_FILE}`);
