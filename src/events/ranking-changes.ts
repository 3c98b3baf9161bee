import type { Change } from '../changes/change-bus.js';
import type { EventType } from './event-types.js';
import type { StoredEvent } from './event-effects.js';

/** Events after which the user's next first page must reflect them (the rest: at the list's next refresh). */
const RERANK_NOW: ReadonlySet<EventType> = new Set(['click', 'like', 'share', 'dislike', 'login']);
const RERANK_SOON: ReadonlySet<EventType> = new Set(['impression', 'return']);

/** The users whose ranking state a batch changed; session starts and logouts change none. */
export function rankingChanges(tenantId: string, events: StoredEvent[]): Change[] {
  const now = new Set<string>();
  const soon = new Set<string>();
  // Each user's clicked items, for users whose only changes are events' effects (no login).
  const reads = new Map<string, string[]>();
  const loggedIn = new Set<string>();
  for (const e of events) {
    if (e.userId === null) continue;
    if (e.type === 'login') loggedIn.add(e.userId);
    if (RERANK_NOW.has(e.type)) now.add(e.userId);
    else if (RERANK_SOON.has(e.type)) soon.add(e.userId);
    else continue;
    let read = reads.get(e.userId);
    if (!read) reads.set(e.userId, (read = []));
    if (e.type === 'click' && e.contentId !== null) read.push(e.contentId);
  }
  for (const userId of now) soon.delete(userId);
  for (const userId of loggedIn) reads.delete(userId);
  const readsOf = (userIds: Set<string>) => Object.fromEntries([...userIds].flatMap((id) => (reads.has(id) ? [[id, reads.get(id)!]] : [])));
  const out: Change[] = [];
  if (now.size > 0) out.push({ kind: 'users', tenantId, userIds: [...now], rerank: 'now', reads: readsOf(now) });
  if (soon.size > 0) out.push({ kind: 'users', tenantId, userIds: [...soon], rerank: 'soon', reads: readsOf(soon) });
  return out;
}
