import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { pngChunk } from './news-site.js';

export interface ImageSite {
  url(path: string): string;
  /** Requests received per path. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** A PNG whose header claims `width` × `height` pixels and that holds no image data: a decompression bomb's signature. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A gradient photo-like image, so encoders have something to do. */
async function photo(width: number, height: number, format: 'jpeg' | 'png', alpha = false): Promise<Buffer> {
  const channels = alpha ? 4 : 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * channels;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = ((x + y) * 7) % 256;
      if (alpha) pixels[at + 3] = x < width / 2 ? 255 : 96;
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels } });
  return format === 'jpeg' ? image.jpeg({ quality: 90 }).toBuffer() : image.png().toBuffer();
}

/**
 * Origin images on loopback for the thumbnail proxy: a 1200 × 800 JPEG, a
 * 300 × 200 JPEG, a 600 × 400 PNG with transparency, a header-only PNG of
 * 20,000 × 20,000, an SVG, an HTML page, and a path that answers 500. Counts requests.
 */
export async function startImageSite(): Promise<ImageSite> {
  const files = new Map<string, { type: string; body: Buffer }>([
    ['/photo.jpg', { type: 'image/jpeg', body: await photo(1200, 800, 'jpeg') }],
    ['/small.jpg', { type: 'image/jpeg', body: await photo(300, 200, 'jpeg') }],
    ['/alpha.png', { type: 'image/png', body: await photo(600, 400, 'png', true) }],
    ['/bomb.png', { type: 'image/png', body: pngHeaderOnly(20_000, 20_000) }],
    ['/page.html', { type: 'text/html', body: Buffer.from('<html><body>not an image</body></html>') }],
    [
      '/drawing.svg',
      {
        type: 'image/svg+xml',
        body: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="red"/></svg>',
        ),
      },
    ],
  ]);
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const file = files.get(path);
    if (!file) return res.writeHead(path === '/down.jpg' ? 500 : 404).end();
    res.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `${base}${path}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
