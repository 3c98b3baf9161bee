import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded at its first use instead of at start. Importing
 * `serve` took ~1.6 s, ~0.6 s of it the packages of backends a node may not
 * use (PostgreSQL, NATS, S3) and of work the HTTP thread does late if ever
 * (sharp, linkedom, undici): issue 15's first feed is due within 2 s of start.
 * Type it with `import type` of the same package.
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
