import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A secret kept in a file of DATA_DIR (mode 0600), created on first use. Used
 * when ADMIN_TOKEN or SECRET_KEY is not configured, so one node starts with no
 * setup; a fleet must set both explicitly (docs/operations.md).
 */
export function readOrCreateSecret(dataDir: string, fileName: string, prefix: string): { value: string; created: boolean } {
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return { value: readFileSync(file, 'utf8').trim(), created: false };
  mkdirSync(dataDir, { recursive: true });
  const value = prefix + randomBytes(32).toString('base64url');
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return { value, created: true };
}
