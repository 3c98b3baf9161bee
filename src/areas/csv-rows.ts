export interface CsvRow {
  /** 1-based line on which the row starts (a quoted field may span lines). */
  line: number;
  fields: string[];
}

/**
 * RFC 4180 rows: comma-separated, fields optionally in double quotes ("" is a quote
 * inside one), CRLF or LF line ends, a leading BOM ignored, blank lines skipped. An
 * unterminated quote is reported, not guessed at.
 */
export function parseCsvRows(text: string): { rows: CsvRow[]; error: { line: number; message: string } | null } {
  const rows: CsvRow[] = [];
  const input = text.startsWith('\ufeff') ? text.slice(1) : text;
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  let fieldStarted = false;
  const endRow = (): void => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
    fieldStarted = false;
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (c === ',') {
      fields.push(field);
      field = '';
      fieldStarted = false;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      field += c;
      fieldStarted = true;
    }
  }
  if (quoted) return { rows, error: { line: rowLine, message: 'a quoted field is not closed' } };
  if (field !== '' || fields.length > 0) endRow();
  return { rows, error: null };
}
