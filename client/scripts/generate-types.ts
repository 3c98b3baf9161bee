import { writeFileSync } from 'node:fs';
import { CLIENT_TYPES_FILE, CONSOLE_TYPES_FILE, documentFor, servedDocument, typesSource } from './api-document.js';

/**
 * Writes the types of the client (the /v1 API) and of the console (the admin and
 * console APIs) from the server's OpenAPI document: `npm run generate:client`.
 * A test (test/client/client-package.test.ts) fails while a committed file is stale.
 */
const document = await servedDocument();
writeFileSync(CLIENT_TYPES_FILE, await typesSource(documentFor(document, ['/v1/']), 'npm run generate:client'));
writeFileSync(CONSOLE_TYPES_FILE, await typesSource(documentFor(document, ['/admin/', '/console/']), 'npm run generate:client'));
console.log(`wrote ${CLIENT_TYPES_FILE} and ${CONSOLE_TYPES_FILE}`);
