/**
 * Object keys are relative paths of plain segments (`push/job_abc/1.jsonl`).
 * Segments hold only letters, digits, `_`, `-`, `.` and never start with `.`:
 * so a key is a safe file path on every OS (no `..`, no hidden names that could
 * meet the local store's `.incomplete`/`.meta` directories), needs no escaping
 * in a URL path or a Content-Disposition header, and reads the same in a
 * signed URL and on disk. Both backends apply the same rule, so code that works
 * on one works on the other.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 1024;

/** Why `key` is not a valid object key, or null when it is. */
export function objectKeyProblem(key: string): string | null {
  if (key.length === 0) return 'is empty';
  if (key.length > MAX_KEY_LENGTH) return `is longer than ${MAX_KEY_LENGTH} characters`;
  if (key.startsWith('/')) return 'is absolute';
  if (key.includes('\\')) return 'contains a backslash';
  for (const segment of key.split('/')) {
    if (segment === '') return 'has an empty segment';
    if (segment === '.' || segment === '..') return 'has a . or .. segment';
    if (!SEGMENT.test(segment)) return `has a segment "${segment}" outside [A-Za-z0-9._-] or starting with "."`;
  }
  return null;
}

/** Throws a RangeError for a key outside the rule above (a caller's bug, never a client's input). */
export function assertObjectKey(key: string): void {
  const problem = objectKeyProblem(key);
  if (problem !== null) throw new RangeError(`invalid object key ${JSON.stringify(key)}: ${problem}`);
}
