// Field readers shared by the RSS and Atom entry builders.

import { all, attr, trimmedText } from './feed-xml.js';
import { firstImageSrc, htmlToText } from './html-text.js';
import { httpUrl } from './http-url.js';

/** Base URL for an element's children: its xml:base resolved against the parent's base. */
export function baseOf(node: unknown, parentBase: string): string {
  const declared = attr(node, 'xml:base');
  if (declared === null || declared === '') return parentBase;
  try {
    return new URL(declared, parentBase).href;
  } catch {
    return parentBase;
  }
}

/** Plain text, or null when nothing is left. */
export function plainText(text: string | null): string | null {
  if (text === null) return null;
  const plain = htmlToText(text);
  return plain === '' ? null : plain;
}

const IMAGE_EXTENSION = /\.(?:jpe?g|png|gif|webp|avif|bmp)(?:[?#]|$)/i;

/** An enclosure-like element is an image when its type says so, or (untyped) its URL does. */
export function looksLikeImage(type: string | null, medium: string | null, url: string): boolean {
  if (medium !== null && medium !== '') return medium.toLowerCase() === 'image';
  if (type !== null && type !== '') return type.toLowerCase().startsWith('image/');
  return IMAGE_EXTENSION.test(url);
}

/** Media RSS image: media:content of an image, else media:thumbnail, also inside media:group. */
export function mediaImage(entry: unknown, base: string): string | null {
  const scopes = [entry, ...all(entry, 'media:group')];
  for (const scope of scopes) {
    for (const content of all(scope, 'media:content')) {
      const url = httpUrl(attr(content, 'url'), base);
      if (url !== null && looksLikeImage(attr(content, 'type'), attr(content, 'medium'), url)) return url;
    }
  }
  for (const scope of scopes) {
    for (const thumbnail of all(scope, 'media:thumbnail')) {
      const url = httpUrl(attr(thumbnail, 'url'), base);
      if (url !== null) return url;
    }
  }
  return null;
}

/** First <img> of an HTML body, resolved. */
export function htmlImage(html: string | null, base: string): string | null {
  return html === null ? null : httpUrl(firstImageSrc(html), base);
}

/** Trimmed, de-duplicated, non-empty category names in order of appearance. */
export function uniqueCategories(names: Array<string | null>): string[] {
  const seen = new Set<string>();
  for (const name of names) {
    const clean = name === null ? '' : htmlToText(name);
    if (clean !== '') seen.add(clean);
  }
  return [...seen];
}

/** Texts of every element of that name (dc:subject may repeat). */
export function allTexts(node: unknown, name: string): Array<string | null> {
  return all(node, name).map(trimmedText);
}
