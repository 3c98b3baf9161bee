// What a page says about itself in its <head>: Open Graph, article:*, Twitter cards, meta
// description and keywords, <link rel=canonical>, <title>, <html lang>. Read from the
// document before Readability runs, because Readability rewrites the document it is given.

import type { DomDocument } from './dom-types.js';
import { httpUrl } from './http-url.js';
import { collapseWhitespace } from './html-text.js';

export interface PageImage {
  url: string;
  width: number | null;
  height: number | null;
}

export interface PageMetadata {
  title: string | null;
  siteName: string | null;
  description: string | null;
  canonicalUrl: string | null;
  image: PageImage | null;
  /** article:published_time, as written. */
  publishedTime: string | null;
  /** meta pubdate / date / datePublished and kin, as written. */
  metaDate: string | null;
  language: string | null;
  section: string | null;
  tags: string[];
}

/** meta key (property, name or itemprop, lower-cased) → contents in document order. */
function metaContents(document: DomDocument): Map<string, string[]> {
  const contents = new Map<string, string[]>();
  const metas = document.querySelectorAll('meta');
  for (let i = 0; i < metas.length; i++) {
    const meta = metas[i];
    if (meta === undefined) continue;
    const content = meta.getAttribute('content');
    const key = meta.getAttribute('property') ?? meta.getAttribute('name') ?? meta.getAttribute('itemprop');
    if (content === null || key === null) continue;
    const value = collapseWhitespace(content);
    if (value === '') continue;
    const name = key.trim().toLowerCase();
    const list = contents.get(name);
    if (list === undefined) contents.set(name, [value]);
    else list.push(value);
  }
  return contents;
}

function positiveInt(text: string | undefined): number | null {
  if (text === undefined) return null;
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) && n > 0 ? n : null;
}

function imageOf(meta: Map<string, string[]>, pageUrl: string): PageImage | null {
  const secure = httpUrl(meta.get('og:image:secure_url')?.[0], pageUrl);
  const og = httpUrl(meta.get('og:image')?.[0] ?? meta.get('og:image:url')?.[0], pageUrl);
  const ogUrl = secure !== null && secure.startsWith('https:') ? secure : og;
  if (ogUrl !== null) {
    return {
      url: ogUrl,
      width: positiveInt(meta.get('og:image:width')?.[0]),
      height: positiveInt(meta.get('og:image:height')?.[0]),
    };
  }
  const twitter = httpUrl(meta.get('twitter:image')?.[0] ?? meta.get('twitter:image:src')?.[0], pageUrl);
  return twitter === null ? null : { url: twitter, width: null, height: null };
}

function canonicalOf(document: DomDocument, meta: Map<string, string[]>, pageUrl: string): string | null {
  const links = document.querySelectorAll('link[rel][href]');
  for (let i = 0; i < links.length; i++) {
    const link = links[i];
    const rels = (link?.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    if (rels.includes('canonical')) {
      const url = httpUrl(link?.getAttribute('href'), pageUrl);
      if (url !== null) return url;
    }
  }
  return httpUrl(meta.get('og:url')?.[0], pageUrl);
}

const SEPARATORS = ['|', '｜', '-', '－', '–', '—', ':', '：', '/', '／', '·', '•', '«', '»'];

/** "記事 - livedoor ニュース" → "記事" when the site name is known; otherwise unchanged. */
export function stripSiteName(title: string, siteName: string | null): string {
  if (siteName === null || siteName === '' || title === siteName) return title;
  let rest: string | null = null;
  if (title.endsWith(siteName)) {
    const head = title.slice(0, -siteName.length).trimEnd();
    const separator = SEPARATORS.find((s) => head.endsWith(s));
    if (separator !== undefined) rest = head.slice(0, -separator.length);
  } else if (title.startsWith(siteName)) {
    const tail = title.slice(siteName.length).trimStart();
    const separator = SEPARATORS.find((s) => tail.startsWith(s));
    if (separator !== undefined) rest = tail.slice(separator.length);
  }
  const stripped = rest?.trim() ?? '';
  return stripped === '' ? title : stripped;
}

const DATE_META_NAMES = [
  'pubdate',
  'publishdate',
  'publish_date',
  'publish-date',
  'date',
  'datepublished',
  'dc.date',
  'dc.date.issued',
  'dcterms.issued',
  'dcterms.created',
  'og:published_time',
  'parsely-pub-date',
  'sailthru.date',
];

function splitTags(values: string[]): string[] {
  const tags = new Set<string>();
  for (const value of values) {
    for (const tag of value.split(/[,、，]/)) {
      const clean = tag.trim();
      if (clean !== '') tags.add(clean);
    }
  }
  return [...tags];
}

export function readPageMetadata(document: DomDocument, pageUrl: string): PageMetadata {
  const meta = metaContents(document);
  const first = (name: string): string | null => meta.get(name)?.[0] ?? null;
  const siteName = first('og:site_name');
  const rawTitle = first('og:title') ?? collapseWhitespace(document.querySelector('title')?.textContent ?? '');
  const lang = document.documentElement?.getAttribute('lang') ?? first('og:locale');
  const primaryLanguage = lang?.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  return {
    title: rawTitle === '' ? null : stripSiteName(rawTitle, siteName),
    siteName,
    description: first('og:description') ?? first('description'),
    canonicalUrl: canonicalOf(document, meta, pageUrl),
    image: imageOf(meta, pageUrl),
    publishedTime: first('article:published_time'),
    metaDate: DATE_META_NAMES.map(first).find((value) => value !== null) ?? null,
    language: primaryLanguage === '' ? null : primaryLanguage,
    section: first('article:section'),
    tags: splitTags([...(meta.get('article:tag') ?? []), ...(meta.get('keywords') ?? [])]),
  };
}
