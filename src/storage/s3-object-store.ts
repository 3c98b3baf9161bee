import { Readable } from 'node:stream';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import type * as Presigner from '@aws-sdk/s3-request-presigner';
import { lazyRequire } from '../lib/lazy-require.js';
import { assertObjectKey } from './object-key.js';
import type { ObjectStore } from './object-store.js';
import { assertExpiresIn } from './presign-expiry.js';

/** Loaded when a node stores objects in S3 (lib/lazy-require.ts). */
export const s3 = lazyRequire<typeof ClientS3>('@aws-sdk/client-s3');
const libStorage = lazyRequire<typeof LibStorage>('@aws-sdk/lib-storage');
const presigner = lazyRequire<typeof Presigner>('@aws-sdk/s3-request-presigner');

// Multipart parts of 8 MiB, 4 in flight plus the one being filled: a put holds
// about 40 MiB at most however large the file (S3 allows 10,000 parts, so up
// to ~78 GiB per object).
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

/**
 * Objects in an S3(-compatible) bucket under a key prefix. Puts stream through
 * a multipart upload (a single PUT below one part) that S3 publishes only when
 * complete; a failed upload is aborted. A bucket should still have a lifecycle
 * rule aborting incomplete multipart uploads, for a process killed mid-put.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3';

  constructor(
    private readonly client: S3Client,
    readonly bucket: string,
    /** Prepended to every key; '' or ends with '/'. */
    readonly prefix: string,
  ) {}

  async put(key: string, body: Readable, contentType: string): Promise<{ bytes: number }> {
    let bytes = 0;
    let sourceError: unknown;
    async function* counted(): AsyncGenerator<Buffer> {
      try {
        for await (const chunk of body) {
          const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
          bytes += buffer.length;
          yield buffer;
        }
      } catch (error) {
        sourceError = error;
        throw error;
      }
    }
    const upload = new (libStorage().Upload)({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.fullKey(key), Body: Readable.from(counted()), ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      // On failure Upload aborts the multipart upload itself (leavePartsOnError: false).
      await upload.done();
    } catch (error) {
      body.destroy();
      // When the source failed, that is the cause to report, even if the abort
      // failed too (s3rver cannot abort; S3 may be unreachable): the bucket's
      // lifecycle rule removes parts an abort left behind.
      throw sourceError ?? error;
    }
    return { bytes };
  }

  async get(key: string): Promise<{ body: Readable; contentType: string; bytes: number } | null> {
    try {
      const object = await this.client.send(new (s3().GetObjectCommand)({ Bucket: this.bucket, Key: this.fullKey(key) }));
      return {
        body: object.Body as Readable,
        contentType: object.ContentType ?? 'application/octet-stream',
        bytes: object.ContentLength ?? 0,
      };
    } catch (error) {
      if (error instanceof s3().S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new (s3().DeleteObjectCommand)({ Bucket: this.bucket, Key: this.fullKey(key) }));
  }

  async presignGet(key: string, expiresInSeconds: number, now: number): Promise<string> {
    assertExpiresIn(expiresInSeconds);
    const command = new (s3().GetObjectCommand)({ Bucket: this.bucket, Key: this.fullKey(key) });
    return presigner().getSignedUrl(this.client, command, { expiresIn: expiresInSeconds, signingDate: new Date(now) });
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private fullKey(key: string): string {
    assertObjectKey(key);
    return `${this.prefix}${key}`;
  }
}
