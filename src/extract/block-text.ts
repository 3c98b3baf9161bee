// Text of an element with one line per block (paragraph, heading, list item, <br>), the
// shape analysis and snippets want. textContent would glue "</p><p>" neighbours together.

import { ELEMENT_NODE, TEXT_NODE, type DomElement, type DomNode } from './dom-types.js';

const BLOCK_TAGS = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'BR', 'DD', 'DIV', 'DL', 'DT', 'FIGCAPTION', 'FIGURE',
  'FOOTER', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI', 'MAIN', 'OL', 'P', 'PRE',
  'SECTION', 'TABLE', 'TD', 'TH', 'TR', 'UL',
]);
const SKIPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'BUTTON', 'SELECT', 'TEXTAREA']);

/** Collapses whitespace inside lines, drops empty lines, joins the rest with \n. */
export function normaliseLines(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

export function blockText(root: DomElement): string {
  const parts: string[] = [];
  const walk = (node: DomNode): void => {
    if (node.nodeType === TEXT_NODE) {
      // Newlines in source text are layout, not structure.
      parts.push((node.textContent ?? '').replace(/\n/g, ' '));
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const tag = (node as DomElement).tagName.toUpperCase();
    if (SKIPPED_TAGS.has(tag)) return;
    const block = BLOCK_TAGS.has(tag);
    if (block) parts.push('\n');
    const children = node.childNodes;
    for (let i = 0; i < children.length; i++) walk(children[i] as DomNode);
    if (block) parts.push('\n');
  };
  walk(root);
  return normaliseLines(parts.join(''));
}
