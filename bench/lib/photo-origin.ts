import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** A gradient photo-like JPEG, so encoders have something to do (as test/helpers/image-site.ts makes). */
export async function photoJpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = ((x + y) * 7) % 256;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export interface PhotoOrigin {
  /** Base URL; every path answers the same JPEG, so each article can have its own image URL. */
  baseUrl: string;
  hits(): number;
  close(): Promise<void>;
}

/** An origin image server on loopback for the thumbnail proxy: one `width` × `height` JPEG at every path. */
export async function startPhotoOrigin(width = 1200, height = 800): Promise<PhotoOrigin> {
  const body = await photoJpeg(width, height);
  let hits = 0;
  const server = createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
