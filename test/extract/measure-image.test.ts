import { describe, expect, it } from 'vitest';
import { measureImage } from '../../src/extract/measure-image.js';
import { png } from '../helpers/news-site.js';

function u16be(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}

function u32be(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

/** Baseline JPEG headers (SOI, JFIF, optional EXIF orientation, SOF0, EOI). */
function jpeg(width: number, height: number, orientation?: number): Buffer {
  const segment = (marker: number, data: Buffer): Buffer => Buffer.concat([Buffer.from([0xff, marker]), u16be(data.length + 2), data]);
  const jfif = segment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]));
  const sof0 = segment(0xc0, Buffer.concat([Buffer.from([8]), u16be(height), u16be(width), Buffer.from([1, 1, 0x11, 0])]));
  const parts = [Buffer.from([0xff, 0xd8]), jfif];
  if (orientation !== undefined) {
    // Exif\0\0 + big-endian TIFF header + one IFD entry: Orientation (0x0112), SHORT, 1 value.
    const tiff = Buffer.concat([
      Buffer.from('MM\u0000*', 'latin1'),
      u32be(8),
      u16be(1),
      u16be(0x0112),
      u16be(3),
      u32be(1),
      u16be(orientation),
      u16be(0),
      u32be(0),
    ]);
    parts.push(segment(0xe1, Buffer.concat([Buffer.from('Exif\u0000\u0000', 'latin1'), tiff])));
  }
  parts.push(sof0, Buffer.from([0xff, 0xd9]));
  return Buffer.concat(parts);
}

/** A 1-pixel GIF89a with its logical screen and image descriptor set to width × height. */
function gif(width: number, height: number): Buffer {
  const bytes = Buffer.from('R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=', 'base64');
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  bytes.writeUInt16LE(width, 23);
  bytes.writeUInt16LE(height, 25);
  return bytes;
}

/** Lossless WebP (VP8L) header: 14-bit width-1 and height-1 after the 0x2f signature. */
function webp(width: number, height: number): Buffer {
  const bits = Buffer.alloc(4);
  bits.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0);
  const vp8l = Buffer.concat([Buffer.from([0x2f]), bits, Buffer.from([0, 0, 0])]);
  const chunk = Buffer.concat([Buffer.from('VP8L', 'latin1'), Buffer.from([vp8l.length, 0, 0, 0]), vp8l]);
  const riffSize = Buffer.alloc(4);
  riffSize.writeUInt32LE(4 + chunk.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), riffSize, Buffer.from('WEBP', 'latin1'), chunk]);
}

describe('measureImage', () => {
  it.each([
    ['png', png(640, 360), { width: 640, height: 360, type: 'png' }],
    ['jpeg', jpeg(1200, 630), { width: 1200, height: 630, type: 'jpg' }],
    ['gif', gif(320, 200), { width: 320, height: 200, type: 'gif' }],
    ['webp', webp(800, 450), { width: 800, height: 450, type: 'webp' }],
  ])('measures a %s', (_name, bytes, expected) => {
    expect(measureImage(bytes)).toEqual(expected);
  });

  it('reports the displayed size of a JPEG rotated by EXIF', () => {
    expect(measureImage(jpeg(1200, 630, 6))).toEqual({ width: 630, height: 1200, type: 'jpg' });
    expect(measureImage(jpeg(1200, 630, 1))).toEqual({ width: 1200, height: 630, type: 'jpg' });
  });

  it('returns null for bytes that are not an image', () => {
    expect(measureImage(Buffer.from('<!DOCTYPE html><html><body>not found</body></html>'))).toBeNull();
    expect(measureImage(Buffer.alloc(0))).toBeNull();
    expect(measureImage(Buffer.from([0x89, 0x50, 0x4e]))).toBeNull();
  });
});
