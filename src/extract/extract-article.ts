// Article page → main text and metadata.
//
// Cost is dominated by building the DOM (linkedom: ~2.7 µs per node), so the page is
// narrowed as text first (html-slice.ts) and one DOM is built per page, along the cheapest
// path that is still right:
//   1. the page marks its article (itemprop="articleBody", or an <article> holding most of
//      the text): DOM of <head> + that element, Readability over it to drop share buttons
//      and related links inside the article;
//   2. the page's JSON-LD article carries the body: DOM of <head> only;
//   3. otherwise: DOM of the page without what Readability's first pass would discard
//      (nav, sidebars, comments, related links: html-slice.ts), Readability over it.
// Metadata is read from that same DOM before Readability rewrites it.

import { Readability } from '@mozilla/readability';
import type * as Linkedom from 'linkedom';
import { lazyRequire } from '../lib/lazy-require.js';
import { blockText, normaliseLines, treeShape } from './block-text.js';
import type { DomDocument, DomElement } from './dom-types.js';
import {
  bodyTextLength,
  firstArticle,
  headOf,
  markedArticle,
  stripInvisible,
  textLength,
  withBody,
  withoutBoilerplate,
} from './html-slice.js';
import { decodeHtmlEntities } from './html-text.js';
import { readJsonLdArticle } from './json-ld.js';
import { readPageMetadata, type PageImage } from './page-metadata.js';
import { parseDate } from './parse-date.js';

const linkedom = lazyRequire<typeof Linkedom>('linkedom');

export interface ExtractedArticle {
  /** og:title ?? <title>, without a " - <og:site_name>" affix; else Readability's title. */
  title: string | null;
  /** Main text, one paragraph per line. Empty when no text was found. */
  text: string;
  description: string | null;
  canonicalUrl: string | null;
  image: PageImage | null;
  publishedAt: number | null;
  /** Primary language subtag of <html lang> (or og:locale), lower-case. */
  language: string | null;
  section: string | null;
  tags: string[];
}

export type ExtractionPath = 'itemprop' | 'article' | 'json-ld' | 'readability';

/** A JSON-LD body shorter than this is likely a teaser; the page's own text is read instead. */
const MIN_JSON_LD_BODY = 200;

function parseDocument(html: string): DomDocument {
  return (linkedom().parseHTML(html) as unknown as { document: DomDocument }).document;
}

interface Readable {
  title: string | null;
  text: string;
}

/**
 * Readability's cost grows with nesting depth times text (it re-reads the text of every
 * ancestor of every paragraph): six paragraphs under 10 <div>s take ~10 ms, under 100
 * ~75 ms, under 1,000 ~12 s (measured). News pages nest their text 10–30 deep; past these
 * limits the page is read as plain block text instead.
 */
const READABILITY_MAX_DEPTH = 64;
const READABILITY_MAX_ELEMENTS = 20_000;

/** Readability's main content as paragraph lines, or null when it finds none. */
function readableText(document: DomDocument, charThreshold: number): Readable | null {
  const body = document.body;
  if (body === null) return null;
  const shape = treeShape(body);
  if (shape.depth > READABILITY_MAX_DEPTH || shape.elements > READABILITY_MAX_ELEMENTS) {
    return { title: null, text: blockText(body) };
  }
  const reader = new Readability<unknown>(document, {
    serializer: (node: unknown) => node,
    disableJSONLD: true, // read by json-ld.ts from the raw page; scripts are gone by now
    keepClasses: true, // class cleaning is work whose result we never serialise
    charThreshold,
  });
  let result: ReturnType<typeof reader.parse>;
  try {
    result = reader.parse();
  } catch {
    return null; // a page Readability cannot walk still has its metadata
  }
  if (result === null || result.content === null || result.content === undefined) return null;
  return { title: result.title ?? null, text: blockText(result.content as DomElement) };
}

function longer(a: Readable | null, b: Readable | null): Readable | null {
  return (b?.text.length ?? 0) > (a?.text.length ?? 0) ? b : a;
}

function textOfHtml(html: string): string {
  const lines = html.replace(/<\/?(?:p|div|br|li|h[1-6]|blockquote)\b[^>]*>/gi, '\n').replace(/<[^>]*>/g, '');
  return normaliseLines(decodeHtmlEntities(lines));
}

const TIME_DATETIME = /<time\b[^>]*?\sdatetime\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** datetime of the first <time> in a fragment (read before pruning drops the dateline). */
function timeIn(fragment: string | null): string | null {
  const m = fragment === null ? null : TIME_DATETIME.exec(fragment);
  return m === null ? null : (m[1] ?? m[2] ?? m[3] ?? null);
}

/** Readability's default: below this many characters it retries with fewer rules. */
const READABILITY_CHAR_THRESHOLD = 500;

/** Less main text than this after pruning means pruning took the story with it. */
const MIN_TEXT = 20;

interface Prepared {
  document: DomDocument;
  path: ExtractionPath;
  /** datetime of the first <time> inside the article, as written. */
  articleTime: string | null;
  /** The article's main text, or null when Readability has to find it in `document`. */
  jsonLdText: string | null;
  /** Readability's charThreshold for this document. */
  charThreshold: number;
  /** The page before boilerplate pruning, when pruning removed something (the retry input). */
  unpruned: string | null;
}

/**
 * Readability retries with fewer rules, re-parsing the document each time, while it finds
 * fewer characters than its threshold (default 500): a 300-character story costs it four
 * passes (measured 15 ms instead of 4). Asking for half of the text left after pruning
 * (at most 500) keeps one pass for short stories and the retries for real misses.
 */
function charThresholdFor(textLengthLeft: number): number {
  return Math.max(1, Math.min(READABILITY_CHAR_THRESHOLD, Math.floor(textLengthLeft / 2)));
}

function prepare(html: string, jsonLdBody: string | null): Prepared {
  const head = headOf(html);
  const withImpliedBody = withBody(html);
  const pruned = withoutBoilerplate(withImpliedBody);
  const prunedTextLength = bodyTextLength(pruned);
  const marked = head === null ? null : markedArticle(html, prunedTextLength);
  if (head !== null && marked !== null) {
    // The article's own header (headline, dateline, share bar) and footer are not its text.
    const article = withoutBoilerplate(marked.html, marked.html.indexOf('>') + 1);
    const document = parseDocument(`${head}<body>${article}</body></html>`);
    return {
      document,
      path: marked.by,
      articleTime: timeIn(marked.html),
      jsonLdText: null,
      charThreshold: charThresholdFor(textLength(article)),
      unpruned: null,
    };
  }
  if (head !== null && jsonLdBody !== null && jsonLdBody.length >= MIN_JSON_LD_BODY) {
    const document = parseDocument(`${head}<body></body></html>`);
    return { document, path: 'json-ld', articleTime: null, jsonLdText: textOfHtml(jsonLdBody), charThreshold: 0, unpruned: null };
  }
  return {
    document: parseDocument(pruned),
    path: 'readability',
    articleTime: timeIn(firstArticle(html)),
    jsonLdText: null,
    charThreshold: charThresholdFor(prunedTextLength),
    unpruned: pruned.length === withImpliedBody.length ? null : withImpliedBody,
  };
}

/** The story's own <h1> often survives as the first line; the title is reported apart. */
function withoutTitleLine(text: string, title: string | null): string {
  if (title === null || !text.startsWith(title)) return text;
  const newline = text.indexOf('\n');
  const firstLine = newline === -1 ? text : text.slice(0, newline);
  return firstLine === title ? text.slice(firstLine.length + 1) : text;
}

/** Like extractArticle, and also says which path found the text (for tests and timings). */
export function extractArticleWithPath(html: string, pageUrl: string): ExtractedArticle & { path: ExtractionPath } {
  const page = stripInvisible(html);
  const jsonLd = readJsonLdArticle(page.jsonLd);
  const prepared = prepare(page.html, jsonLd?.articleBody ?? null);
  const { document, path } = prepared;

  const meta = readPageMetadata(document, pageUrl);

  let readable: Readable | null = null;
  if (prepared.jsonLdText === null) {
    readable = readableText(document, prepared.charThreshold);
    if ((readable?.text.length ?? 0) < MIN_TEXT && prepared.unpruned !== null) {
      // Pruning took the text with it (a story inside class="comment-free-box"): read the
      // whole page, as Readability does when its first pass finds too little. Only then: on
      // a whole page Readability is slower (60 ms for a short story) and takes in comments.
      readable = longer(readable, readableText(parseDocument(prepared.unpruned), READABILITY_CHAR_THRESHOLD));
    }
  }

  const title = meta.title ?? (readable?.title || null) ?? jsonLd?.headline ?? null;
  return {
    title,
    text: withoutTitleLine(prepared.jsonLdText ?? readable?.text ?? '', title),
    description: meta.description,
    canonicalUrl: meta.canonicalUrl,
    image: meta.image,
    publishedAt:
      parseDate(meta.publishedTime) ?? parseDate(jsonLd?.datePublished) ?? parseDate(prepared.articleTime) ?? parseDate(meta.metaDate),
    language: meta.language,
    section: meta.section,
    tags: meta.tags,
    path,
  };
}

/** Main text and metadata of an article page; pageUrl resolves relative URLs. */
export function extractArticle(html: string, pageUrl: string): ExtractedArticle {
  const { path: _path, ...article } = extractArticleWithPath(html, pageUrl);
  return article;
}
