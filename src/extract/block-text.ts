// Text of an element with one line per block (paragraph, heading, list item, <br>), the
// shape analysis and snippets want. textContent would glue "</p><p>" neighbours together.
// The walk uses its own stack: hostile pages nest thousands of elements deep.

import { ELEMENT_NODE, TEXT_NODE, type DomElement, type DomNode } from './dom-types.js';

const BLOCK_TAGS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BR',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TD',
  'TH',
  'TR',
  'UL',
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

const LINE_BREAK = Symbol('line break');

export function blockText(root: DomElement): string {
  const parts: string[] = [];
  const stack: Array<DomNode | typeof LINE_BREAK> = [root];
  while (stack.length > 0) {
    const node = stack.pop() as DomNode | typeof LINE_BREAK;
    if (node === LINE_BREAK) {
      parts.push('\n');
      continue;
    }
    if (node.nodeType === TEXT_NODE) {
      // Newlines in source text are layout, not structure.
      parts.push((node.textContent ?? '').replace(/\n/g, ' '));
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const tag = (node as DomElement).tagName.toUpperCase();
    if (SKIPPED_TAGS.has(tag)) continue;
    const block = BLOCK_TAGS.has(tag);
    if (block) {
      parts.push('\n');
      stack.push(LINE_BREAK);
    }
    const children = node.childNodes;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as DomNode);
  }
  return normaliseLines(parts.join(''));
}

/** Element count and deepest element nesting below root. */
export function treeShape(root: DomElement): { elements: number; depth: number } {
  let elements = 0;
  let depth = 0;
  const stack: Array<[DomNode, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [node, level] = stack.pop() as [DomNode, number];
    if (node.nodeType !== ELEMENT_NODE) continue;
    elements += 1;
    if (level > depth) depth = level;
    const children = node.childNodes;
    for (let i = 0; i < children.length; i++) stack.push([children[i] as DomNode, level + 1]);
  }
  return { elements, depth };
}
