import type { Config } from '../config.js';
import type { ObjectStore } from './object-store.js';

/**
 * The object store OBJECT_STORE_URL names: `s3://bucket/prefix` (with
 * OBJECT_STORE_ENDPOINT for S3-compatible servers), else files under
 * DATA_DIR/objects whose presigned URLs this service serves and verifies
 * (signed with a key derived from SECRET_KEY). `publicBaseUrl` is where
 * clients reach this service; it is read at signing time (it is known only
 * once the server listens).
 */
export function createObjectStore(config: Config, secretKey: string, publicBaseUrl: () => string): ObjectStore {
  void config;
  void secretKey;
  void publicBaseUrl;
  const missing = () => Promise.reject(new Error('not implemented yet'));
  return { kind: 'local', put: missing, get: missing, delete: missing, presignGet: missing, close: async () => {} };
}
