// XML → plain objects for the feed readers, with the safety and namespace work done once.
//
// Safety: fast-xml-parser never fetches external entities (it rejects SYSTEM entities), does
// not nest entity definitions (a value containing '&' is dropped), and here caps expansions
// at 1,000 and expanded text at 100 KB per document, so a "billion laughs" feed fails fast.
// Input size is the caller's job: the fetcher bounds response bodies before they reach us.
//
// Namespaces: elements are renamed to canonical prefixes (dc:, content:, media:, atom:, rdf:)
// from the namespace URIs the root element declares, so a feed that binds Dublin Core to
// "dcel:" reads like every other; a feed written as <atom:feed> reads like a plain Atom feed.

import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** Malformed XML, or XML that is none of RSS 2.0, RSS 1.0 and Atom. */
export class FeedParseError extends Error {
  override name = 'FeedParseError';
}

export type XmlObject = { readonly [name: string]: unknown };

const CANONICAL_PREFIX: Record<string, string> = {
  'http://purl.org/dc/elements/1.1/': 'dc',
  'http://purl.org/dc/terms/': 'dcterms',
  'http://purl.org/rss/1.0/modules/content/': 'content',
  'http://search.yahoo.com/mrss/': 'media',
  'http://search.yahoo.com/mrss': 'media',
  'http://www.w3.org/2005/Atom': 'atom',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#': 'rdf',
  'http://purl.org/rss/1.0/': 'rss1',
};

const PROLOG_ITEM = /\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>/iy;
const ROOT_TAG = /<([A-Za-z_][\w.:-]*)((?:\s+[^\s=>/]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/y;
const NS_DECLARATION = /\s+xmlns(?::([\w.-]+))?\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export interface RootElement {
  /** The root's name with its prefix made canonical: 'rss', 'rdf:RDF', 'feed'. */
  name: string;
  /** The name as written, for error messages. */
  rawName: string;
  /** Canonical prefix of the root's own namespace ('atom', 'rss1', 'rdf'), or null. */
  namespace: string | null;
  /** Declared prefix → canonical prefix. */
  prefixes: Map<string, string>;
}

/**
 * Element renaming for one document: declared prefixes become canonical ones, and in a feed
 * written as <atom:feed> the atom: prefix is dropped so it reads like a plain Atom feed.
 */
function renameFor(root: RootElement): (name: string) => string {
  return (name) => {
    const colon = name.indexOf(':');
    if (colon === -1) return name;
    const canonical = root.prefixes.get(name.slice(0, colon));
    if (canonical === undefined) return name;
    const local = name.slice(colon + 1);
    return canonical === 'atom' && root.namespace === 'atom' ? local : `${canonical}:${local}`;
  };
}

/** Finds the root element after the prolog without parsing the document. */
export function readRootElement(xml: string): RootElement | null {
  let at = 0;
  for (;;) {
    PROLOG_ITEM.lastIndex = at;
    if (PROLOG_ITEM.exec(xml) === null) break;
    at = PROLOG_ITEM.lastIndex;
  }
  ROOT_TAG.lastIndex = at;
  const tag = ROOT_TAG.exec(xml);
  if (tag === null) {
    const loose = /<([A-Za-z][\w.:-]*)/y;
    loose.lastIndex = at;
    const name = loose.exec(xml)?.[1];
    return name === undefined ? null : { name, rawName: name, namespace: null, prefixes: new Map() };
  }
  const rawName = tag[1] as string;
  const prefixes = new Map<string, string>();
  let defaultNamespace: string | null = null;
  for (const decl of (tag[2] as string).matchAll(NS_DECLARATION)) {
    const canonical = CANONICAL_PREFIX[(decl[2] ?? decl[3] ?? '').trim()];
    if (decl[1] === undefined) defaultNamespace = canonical ?? null;
    else if (canonical !== undefined) prefixes.set(decl[1], canonical);
  }
  const colon = rawName.indexOf(':');
  const namespace = colon === -1 ? defaultNamespace : (prefixes.get(rawName.slice(0, colon)) ?? null);
  const root = { rawName, namespace, prefixes, name: rawName };
  return { ...root, name: renameFor(root)(rawName) };
}

// Bare '&' is the most common flaw in real feeds ("?a=1&b=2" in a <link>); escaping it
// outside CDATA keeps such feeds readable without accepting any other malformed XML.
const BARE_AMPERSAND = /<!\[CDATA\[[\s\S]*?\]\]>|&(?!(?:[A-Za-z][\w.-]*|#\d+|#x[0-9A-Fa-f]+);)/g;

function escapeBareAmpersands(xml: string): string {
  return xml.replace(BARE_AMPERSAND, (match) => (match === '&' ? '&amp;' : match));
}

// Atom type="xhtml" text holds markup, whose text order the object form loses ("渋谷駅の
// <em>再開発</em>" would read "再開発 渋谷駅の"). Wrapped in CDATA it becomes an HTML string,
// which the entry readers strip like type="html" text.
const XHTML_CONSTRUCT = /(<(title|subtitle|summary|content|rights)\b[^>]*\btype\s*=\s*["']xhtml["'][^>]*>)([\s\S]*?)(<\/\2\s*>)/g;

function xhtmlAsCdata(xml: string): string {
  if (!xml.includes('xhtml')) return xml;
  return xml.replace(
    XHTML_CONSTRUCT,
    (_whole, open: string, _name: string, inner: string, close: string) =>
      `${open}<![CDATA[${inner.replaceAll(']]>', ']]]]><![CDATA[>')}]]>${close}`,
  );
}

function describeInvalid({ msg, line, col }: { msg: string; line: number; col: number }): string {
  // The validator reports a truncated document as "Invalid '["rss","channel"]' found.".
  const unclosed = /^Invalid '(\[[\s\S]*\])' found\.$/.exec(msg)?.[1];
  if (unclosed !== undefined) {
    const names = [...unclosed.matchAll(/"([^"]+)"/g)].map((m) => `<${m[1]}>`).join(', ');
    return `malformed XML: the document ends before ${names} ${names.includes(',') ? 'are' : 'is'} closed (truncated?)`;
  }
  return `malformed XML at line ${line}, column ${col}: ${msg}`;
}

/**
 * Validates and parses a feed document. Returns the root element's info and its content.
 * Throws FeedParseError for malformed XML and for roots that are not feeds.
 */
export function parseFeedXml(text: string, isFeedRoot: (root: RootElement) => boolean): { root: RootElement; node: XmlObject } {
  const xml = escapeBareAmpersands(text.replace(/^\uFEFF?\s+|^\uFEFF/, ''));
  const root = readRootElement(xml);
  if (root === null) {
    throw new FeedParseError(xml.trim() === '' ? 'not RSS or Atom: the document is empty' : 'not RSS or Atom: no XML root element');
  }
  if (!isFeedRoot(root)) throw new FeedParseError(`not RSS or Atom: root element <${root.rawName}>`);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new FeedParseError(describeInvalid(valid.err));
  const rename = renameFor(root);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    htmlEntities: true,
    processEntities: { enabled: true, maxEntityCount: 100, maxEntitySize: 10_000, maxTotalExpansions: 1_000, maxExpandedLength: 100_000 },
    transformTagName: rename,
  });
  let parsed: XmlObject;
  try {
    parsed = parser.parse(root.namespace === 'atom' ? xhtmlAsCdata(xml) : xml) as XmlObject;
  } catch (err) {
    throw new FeedParseError(`unreadable XML: ${(err as Error).message}`);
  }
  const node = parsed[root.name];
  return { root, node: typeof node === 'object' && node !== null ? (node as XmlObject) : {} };
}

// Readers over fast-xml-parser's output: an element is a string (text only) or an object
// whose '#text' holds its text and whose '@name' keys hold its attributes; repeated
// elements are arrays.

export function all(node: unknown, name: string): unknown[] {
  if (typeof node !== 'object' || node === null) return [];
  const value = (node as XmlObject)[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export function first(node: unknown, name: string): unknown {
  return all(node, name)[0];
}

/** All text inside an element, nested elements included (Atom xhtml content). */
export function textOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value
      .map(textOf)
      .filter((t) => t !== null)
      .join(' ');
  const parts: string[] = [];
  for (const [key, child] of Object.entries(value as XmlObject)) {
    if (key.startsWith('@')) continue;
    const text = textOf(child);
    if (text !== null && text !== '') parts.push(text);
  }
  return parts.join(' ');
}

/** Trimmed text of an element; null when missing or empty. */
export function trimmedText(value: unknown): string | null {
  const text = textOf(value)?.trim();
  return text === undefined || text === '' ? null : text;
}

/** Trimmed text of the first element of that name; null when missing or empty. */
export function childText(node: unknown, name: string): string | null {
  return trimmedText(first(node, name));
}

export function attr(value: unknown, name: string): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = (value as XmlObject)[`@${name}`];
  return typeof raw === 'string' ? raw.trim() : null;
}
