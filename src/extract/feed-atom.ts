// Atom (RFC 4287) <entry>s → feed entries.

import type { FeedEntry, ParsedFeed } from './parse-feed.js';
import { all, attr, childText, first, textOf, type XmlObject } from './feed-xml.js';
import { baseOf, htmlImage, looksLikeImage, mediaImage, plainText, uniqueCategories } from './feed-entry-fields.js';
import { httpUrl } from './http-url.js';
import { parseDate } from './parse-date.js';

/** The entry's web page: rel="alternate" (the default rel), HTML preferred over other types. */
function alternateLink(entry: unknown, base: string): string | null {
  let fallback: string | null = null;
  for (const link of all(entry, 'link')) {
    const rel = attr(link, 'rel') ?? 'alternate';
    if (rel !== 'alternate') continue;
    const url = httpUrl(attr(link, 'href'), baseOf(link, base));
    if (url === null) continue;
    const type = attr(link, 'type');
    if (type === null || type === 'text/html' || type === 'application/xhtml+xml') return url;
    fallback ??= url;
  }
  return fallback;
}

function enclosureImage(entry: unknown, base: string): string | null {
  for (const link of all(entry, 'link')) {
    if (attr(link, 'rel') !== 'enclosure') continue;
    const url = httpUrl(attr(link, 'href'), baseOf(link, base));
    if (url !== null && looksLikeImage(attr(link, 'type'), null, url)) return url;
  }
  return null;
}

function entryToFeedEntry(entry: unknown, feedBase: string): FeedEntry | null {
  const base = baseOf(entry, feedBase);
  const url = alternateLink(entry, base);
  if (url === null) return null;
  // Atom text constructs of type="html" hold escaped HTML: plainText strips it.
  const content = childText(entry, 'content');
  const contentBase = baseOf(first(entry, 'content'), base);
  const categories = all(entry, 'category').map((category) => attr(category, 'label') || attr(category, 'term'));
  const updated = parseDate(childText(entry, 'updated'));
  return {
    key: childText(entry, 'id') ?? url,
    url,
    title: plainText(childText(entry, 'title')),
    summary: plainText(childText(entry, 'summary')) ?? plainText(content),
    publishedAt: parseDate(childText(entry, 'published')) ?? updated,
    updatedAt: updated,
    categories: uniqueCategories([...categories, ...all(entry, 'dc:subject').map((s) => textOf(s))]),
    imageUrl: enclosureImage(entry, base) ?? mediaImage(entry, base) ?? htmlImage(content, contentBase),
  };
}

export function readAtom(feed: XmlObject, feedUrl: string): ParsedFeed {
  const base = baseOf(feed, feedUrl);
  const entries = all(feed, 'entry')
    .map((entry) => entryToFeedEntry(entry, base))
    .filter((entry): entry is FeedEntry => entry !== null);
  return {
    format: 'atom',
    title: plainText(childText(feed, 'title')),
    language: attr(feed, 'xml:lang')?.toLowerCase() || null,
    entries,
  };
}
