/**
 * What no text the API accepts may hold, wherever it arrives: NUL (PostgreSQL
 * refuses it in text and jsonb, SQLite would keep it: the two backends would
 * answer differently) and lone UTF-16 surrogates (not Unicode: SQLite would
 * store U+FFFD, the raw event the bytes as sent). Ids, names and query values
 * also refuse C0 and C1 control characters (docs/api.md).
 */
/** ES2024 (Node ≥ 20), newer than the TypeScript lib this project targets. */
type WellFormedCheck = string & { isWellFormed(): boolean };

// eslint-disable-next-line no-control-regex -- finding control characters is what this expression is for
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Why `text` cannot be stored as sent, or null when it can. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain NUL (U+0000)';
  if (!(text as WellFormedCheck).isWellFormed()) return 'is not well-formed Unicode (it has a lone UTF-16 surrogate)';
  return null;
}

/** As textProblem, and no control characters: for ids, names and query values. */
export function identifierProblem(text: string): string | null {
  return textProblem(text) ?? (CONTROL_CHARACTERS.test(text) ? 'must not contain control characters (U+0000–U+001F, U+007F–U+009F)' : null);
}
