import type { Readable } from 'node:stream';

/**
 * Where result files (and, later, thumbnail variants) live: local files in the
 * embedded mode, an S3-compatible bucket in the scale-out mode. Feature code
 * sees only this interface; `create-object-store.ts` picks the backend.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /**
   * Streams `body` into `key` without holding it in memory. The object appears
   * whole when the promise resolves, or not at all when it rejects (a reader
   * never sees half a file under `key`).
   */
  put(key: string, body: Readable, contentType: string): Promise<{ bytes: number }>;
  /** The object's bytes as a stream, or null when there is no such object. */
  get(key: string): Promise<{ body: Readable; contentType: string; bytes: number } | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * An AWS SigV4 presigned GET URL (query form: X-Amz-Algorithm, -Credential,
   * -Date, -Expires, -SignedHeaders, -Signature) valid `expiresInSeconds` from
   * `now` (epoch ms). Fetched with a plain GET; no Authorization header.
   */
  presignGet(key: string, expiresInSeconds: number, now: number): Promise<string>;
  close(): Promise<void>;
}
