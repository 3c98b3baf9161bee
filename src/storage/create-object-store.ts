import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.js';
import { LocalObjectStore } from './local-object-store.js';
import { LocalUrlSigner } from './local-url-signer.js';
import type { ObjectStore } from './object-store.js';
import { s3, S3ObjectStore } from './s3-object-store.js';

/**
 * The object store OBJECT_STORE_URL names: `s3://bucket/prefix` (with
 * OBJECT_STORE_ENDPOINT for S3-compatible servers), `file:///abs/dir`, or by
 * default files under DATA_DIR/objects; local objects are served by this
 * service at presigned URLs signed with a key derived from SECRET_KEY.
 * `publicBaseUrl` is where clients reach this service; it is read at signing
 * time (it is known only once the server listens).
 */
export function createObjectStore(config: Config, secretKey: string, publicBaseUrl: () => string): ObjectStore {
  const url = config.objectStoreUrl === null ? null : new URL(config.objectStoreUrl);
  if (url?.protocol === 's3:') return createS3Store(url, config.objectStoreEndpoint);
  const root = url === null ? path.join(config.dataDir, 'objects') : fileURLToPath(url);
  return new LocalObjectStore(root, new LocalUrlSigner(secretKey, publicBaseUrl));
}

/**
 * Region from AWS_REGION (else us-east-1), credentials from the SDK's default
 * chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE, instance roles…).
 */
function createS3Store(url: URL, endpoint: string | null): S3ObjectStore {
  const bucket = url.hostname;
  if (bucket === '') throw new Error('OBJECT_STORE_URL must name a bucket: s3://bucket/prefix');
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  const client = new (s3().S3Client)({
    region: process.env.AWS_REGION || 'us-east-1',
    ...(endpoint === null
      ? {}
      : {
          endpoint,
          // MinIO, s3rver and most S3-compatible servers have no per-bucket DNS names.
          forcePathStyle: true,
          // Since SDK 3.729 every put carries a CRC32 checksum header, which
          // some S3-compatible servers refuse (Cloudflare R2 answered 501:
          // aws/aws-sdk-js-v3#6810); send checksums only where S3 requires them.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }),
  });
  return new S3ObjectStore(client, bucket, prefix === '' ? '' : `${prefix}/`);
}
