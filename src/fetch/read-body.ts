import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate, inflateRaw } from 'node:zlib';

/** The body outgrew the limit; the fetcher drops the connection and reports too_large. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`body larger than ${maxBytes} bytes`);
  }
}

/** A compressed body that does not decode; reported as a network error. */
export class BodyDecodeError extends Error {}

/** Reads a body into memory, stopping as soon as it passes `maxBytes` on the wire. */
export async function readLimitedBody(body: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) throw new BodyTooLargeError(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

type Decoder = (input: Buffer, options: { maxOutputLength: number }) => Promise<Buffer>;

const gunzipAsync = promisify(gunzip) as Decoder;
const brotliAsync = promisify(brotliDecompress) as Decoder;
const inflateAsync = promisify(inflate) as Decoder;
const inflateRawAsync = promisify(inflateRaw) as Decoder;

// "deflate" should be zlib-wrapped (RFC 9110 §8.4.1.2), but some servers send raw
// deflate; a zlib stream starts with CM=8 and a header checksum divisible by 31.
const inflateEither: Decoder = (input, options) => {
  const zlibWrapped = input.length >= 2 && ((input[0] ?? 0) & 0x0f) === 8 && (((input[0] ?? 0) << 8) | (input[1] ?? 0)) % 31 === 0;
  return zlibWrapped ? inflateAsync(input, options) : inflateRawAsync(input, options);
};

const DECODERS: Record<string, Decoder> = {
  gzip: gunzipAsync,
  'x-gzip': gunzipAsync,
  br: brotliAsync,
  deflate: inflateEither,
};

export const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * Undoes Content-Encoding (applied in order, so undone last first). The decoded size
 * is capped too (zlib's maxOutputLength), so a 5 MiB gzip bomb cannot grow into
 * gigabytes. Returns null when an encoding is not one we asked for: the caller
 * keeps the raw body and its Content-Encoding header.
 */
export async function decodeBody(raw: Buffer, contentEncoding: string, maxBytes: number): Promise<Buffer | null> {
  const codings = contentEncoding
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '' && c !== 'identity');
  if (codings.some((c) => !(c in DECODERS))) return null;
  let body = raw;
  for (const coding of codings.reverse()) {
    if (body.length === 0) break;
    try {
      body = await (DECODERS[coding] as Decoder)(body, { maxOutputLength: maxBytes });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new BodyTooLargeError(maxBytes);
      throw new BodyDecodeError(`the ${coding} body does not decode: ${(error as Error).message}`, { cause: error });
    }
  }
  return body;
}
