import type { Properties } from './user-properties.js';

/**
 * The one place a `users.properties` column (JSON text, as user-repo.ts and
 * write-effects.ts store it) becomes a user's properties: the repository, the
 * feed and push state loader, the event processor's merge and the admin search
 * all read it through here.
 */
export function parseProperties(column: string): Properties {
  return JSON.parse(column) as Properties;
}
