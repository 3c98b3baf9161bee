import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const BUCKET = 'test-bucket';

/**
 * An S3 server on loopback for the S3 store's tests. s3rver checks the access
 * key id (S3RVER) and a presigned URL's expiry against the real clock, but it
 * does NOT verify SigV4 signatures: tampering tests belong to the local
 * verifier, and S3's own checks are AWS's to test.
 */
export async function startS3rver(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), 'cf-s3rver-')),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  // The factory takes credentials from the SDK's default chain, as in production.
  const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      restore('AWS_ACCESS_KEY_ID', saved.id);
      restore('AWS_SECRET_ACCESS_KEY', saved.secret);
      await server.close();
    },
  };
}

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
