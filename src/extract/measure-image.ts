// Image dimensions from the image's bytes, for og:images that do not state their size.
// image-size reads only headers, so a body prefix (the first ~64 KB) is usually enough.

import { imageSize } from 'image-size';

export interface ImageMeasure {
  width: number;
  height: number;
  /** image-size's name for the format: 'png', 'jpg', 'gif', 'webp', 'avif', … */
  type: string;
}

/** Width and height as displayed (EXIF rotations applied), or null when the bytes are not an image. */
export function measureImage(bytes: Buffer): ImageMeasure | null {
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return null;
  }
  const { width, height, type, orientation } = size;
  if (!Number.isFinite(width) || !Number.isFinite(height) || width <= 0 || height <= 0 || type === undefined) return null;
  // EXIF orientations 5–8 rotate by 90°: the stored width is the displayed height.
  const rotated = orientation !== undefined && orientation >= 5 && orientation <= 8;
  return rotated ? { width: height, height: width, type } : { width, height, type };
}
