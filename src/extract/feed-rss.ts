// RSS 2.0 (and 0.9x) <item>s and RSS 1.0 (RDF) <item>s → feed entries. RSS 1.0 items carry
// the same child elements as RSS 2.0 ones (title, link, description, and Dublin Core for
// dates and subjects), so one builder reads both; only identity and placement differ.

import type { FeedEntry, ParsedFeed } from './parse-feed.js';
import { all, attr, childText, first, type XmlObject } from './feed-xml.js';
import { allTexts, baseOf, htmlImage, looksLikeImage, mediaImage, plainText, uniqueCategories } from './feed-entry-fields.js';
import { httpUrl } from './http-url.js';
import { parseDate } from './parse-date.js';

function enclosureImage(item: unknown, base: string): string | null {
  for (const enclosure of all(item, 'enclosure')) {
    const url = httpUrl(attr(enclosure, 'url'), base);
    if (url !== null && looksLikeImage(attr(enclosure, 'type'), null, url)) return url;
  }
  return null;
}

function itemLink(item: unknown, base: string): string | null {
  const link = httpUrl(childText(item, 'link'), base);
  if (link !== null) return link;
  // RSS 2.0: a guid is the item's permalink unless isPermaLink="false".
  const guid = first(item, 'guid');
  if (attr(guid, 'isPermaLink')?.toLowerCase() !== 'false') {
    const fromGuid = httpUrl(childText(item, 'guid'), base);
    if (fromGuid !== null) return fromGuid;
  }
  for (const atomLink of all(item, 'atom:link')) {
    const rel = attr(atomLink, 'rel') ?? 'alternate';
    if (rel === 'alternate') return httpUrl(attr(atomLink, 'href'), base);
  }
  return null;
}

function rssItemToEntry(item: unknown, feedBase: string, rdfAbout: boolean): FeedEntry | null {
  const base = baseOf(item, feedBase);
  const url = itemLink(item, base);
  if (url === null) return null;
  const description = childText(item, 'description');
  const content = childText(item, 'content:encoded');
  const identity = rdfAbout ? attr(item, 'rdf:about') : childText(item, 'guid');
  return {
    key: identity ?? url,
    url,
    title: plainText(childText(item, 'title') ?? childText(item, 'dc:title')),
    summary: plainText(description) ?? plainText(content),
    publishedAt: parseDate(childText(item, 'pubDate') ?? childText(item, 'dc:date') ?? childText(item, 'dcterms:issued')),
    updatedAt: parseDate(childText(item, 'dcterms:modified') ?? childText(item, 'dc:modified') ?? childText(item, 'atom:updated')),
    categories: uniqueCategories([...allTexts(item, 'category'), ...allTexts(item, 'dc:subject')]),
    imageUrl: enclosureImage(item, base) ?? mediaImage(item, base) ?? htmlImage(content, base) ?? htmlImage(description, base),
  };
}

function language(channel: unknown): string | null {
  return (childText(channel, 'language') ?? childText(channel, 'dc:language'))?.toLowerCase() ?? null;
}

export function readRss2(rss: XmlObject, feedUrl: string): ParsedFeed {
  const channel = first(rss, 'channel');
  const base = baseOf(channel, baseOf(rss, feedUrl));
  const entries = all(channel, 'item')
    .map((item) => rssItemToEntry(item, base, false))
    .filter((entry): entry is FeedEntry => entry !== null);
  return { format: 'rss2', title: plainText(childText(channel, 'title')), language: language(channel), entries };
}

export function readRss1(rdf: XmlObject, feedUrl: string): ParsedFeed {
  const channel = first(rdf, 'channel');
  const base = baseOf(rdf, feedUrl);
  // Items are children of rdf:RDF, beside the channel (RSS 1.0 §5.5).
  const entries = all(rdf, 'item')
    .map((item) => rssItemToEntry(item, base, true))
    .filter((entry): entry is FeedEntry => entry !== null);
  return { format: 'rss1', title: plainText(childText(channel, 'title')), language: language(channel), entries };
}
