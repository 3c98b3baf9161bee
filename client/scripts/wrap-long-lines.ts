/**
 * Wraps the lines of generated types that pass `width` columns, as eslint's max-len counts them
 * (code points). openapi-typescript writes each description and example on one line, and a union
 * of many types too: a doc comment is wrapped at spaces, a union before its `|`s. Any other line,
 * and a word longer than the width, is left as it is (max-len then names it).
 */
export function wrapLongLines(source: string, width: number): string {
  return source
    .split('\n')
    .flatMap((line) => (columns(line) <= width ? [line] : (wrapComment(line, width) ?? wrapUnion(line, width) ?? [line])))
    .join('\n');
}

function wrapComment(line: string, width: number): string[] | null {
  const single = /^(\s*)\/\*\* (.*) \*\/$/.exec(line);
  if (single) {
    const [, indent = '', text = ''] = single;
    return [`${indent}/**`, ...pack(`${indent} * `, `${indent} * `, text.split(' '), ' ', width), `${indent} */`];
  }
  const inner = /^(\s*) \* (\s*)(.*)$/.exec(line);
  if (inner) {
    const [, indent = '', lead = '', text = ''] = inner;
    return pack(`${indent} * ${lead}`, `${indent} * ${lead}`, text.split(' '), ' ', width);
  }
  return null;
}

/** `A | B | C` outside quotes, continued on lines that start with `| `, four columns in. */
function wrapUnion(line: string, width: number): string[] | null {
  const parts = splitOutsideQuotes(line, ' | ');
  if (parts.length < 2) return null;
  const indent = /^\s*/.exec(line)![0];
  const [first = '', ...rest] = parts;
  return pack(
    first,
    `${indent}    `,
    rest.map((part) => `| ${part}`),
    ' ',
    width,
    true,
  );
}

/**
 * Words joined by `separator` in lines of at most `width` columns: the first line starts with
 * `head` (with `headIsText`, a word already, which the next follows after a separator), the others with `prefix`.
 */
function pack(head: string, prefix: string, words: string[], separator: string, width: number, headIsText = false): string[] {
  const lines: string[] = [];
  let current = head;
  let empty = !headIsText;
  for (const word of words) {
    if (!empty && columns(current + separator + word) > width) {
      lines.push(current);
      current = prefix + word;
    } else current = empty ? current + word : current + separator + word;
    empty = false;
  }
  return [...lines, current];
}

function splitOutsideQuotes(line: string, separator: string): string[] {
  const parts: string[] = [];
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (line.startsWith(separator, i)) {
      parts.push(line.slice(start, i));
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  return [...parts, line.slice(start)];
}

function columns(line: string): number {
  return Array.from(line).length;
}
