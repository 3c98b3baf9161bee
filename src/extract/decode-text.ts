// Bytes → string for fetched feeds and pages. Japanese sites still serve Shift_JIS, EUC-JP and
// (rarely) ISO-2022-JP, often declared only inside the document, so the charset is looked for
// where a browser looks: byte order mark, then the Content-Type header, then the XML
// declaration or <meta> in the first 2 KB. Node 20 ships full ICU, so TextDecoder decodes all
// of them; an unknown label falls back to UTF-8 rather than failing the fetch.

import { TextDecoder } from 'node:util';

const SNIFF_BYTES = 2048;

// Labels seen in the wild that the WHATWG Encoding Standard does not list.
const LABEL_ALIASES: Record<string, string> = {
  cp932: 'shift_jis',
  'x-cp932': 'shift_jis',
  'shift-jis': 'shift_jis',
  'x-shift_jis': 'shift_jis',
  eucjp: 'euc-jp',
  euc_jp: 'euc-jp',
  'x-euc': 'euc-jp',
  utf8: 'utf-8',
};

const decoders = new Map<string, TextDecoder | null>();

/** The decoder for a charset label, or null when TextDecoder does not know the label. */
function knownDecoder(label: string): TextDecoder | null {
  const wanted = label.trim().toLowerCase();
  const name = LABEL_ALIASES[wanted] ?? wanted;
  let decoder = decoders.get(name);
  if (decoder === undefined) {
    try {
      decoder = new TextDecoder(name);
    } catch {
      decoder = null;
    }
    decoders.set(name, decoder);
  }
  return decoder;
}

function charsetFromBom(body: Buffer): string | null {
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body.length >= 2 && body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  if (body.length >= 2 && body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  return null;
}

function charsetFromContentType(contentType: string | undefined): string | null {
  if (contentType === undefined) return null;
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType);
  return match?.[1] ?? null;
}

const XML_DECLARATION = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([^"']+)["']/i;
const META_CHARSET = /<meta\s[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i;

function charsetFromDocument(body: Buffer): string | null {
  // Every encoding we need to sniff is ASCII-compatible, so latin1 keeps the markup readable.
  const head = body.subarray(0, SNIFF_BYTES).toString('latin1');
  const declared = XML_DECLARATION.exec(head)?.[1] ?? META_CHARSET.exec(head)?.[1] ?? null;
  // A page cannot really be UTF-16 if we could read its <meta> as ASCII (HTML spec, §13.2.3.2).
  if (declared !== null && /^utf-16/i.test(declared)) return 'utf-8';
  return declared;
}

const UTF8 = new TextDecoder('utf-8');

function decoderFor(label: string | null): TextDecoder | null {
  return label === null ? null : knownDecoder(label);
}

/** Decodes a fetched body to text; never throws. */
export function decodeText(body: Buffer, contentType?: string): string {
  const decoder =
    decoderFor(charsetFromBom(body)) ?? decoderFor(charsetFromContentType(contentType)) ?? decoderFor(charsetFromDocument(body)) ?? UTF8;
  return decoder.decode(body);
}
