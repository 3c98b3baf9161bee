import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../src/events/event-effects.js';
import type { EventType } from '../../src/events/event-types.js';
import { rankingChanges } from '../../src/events/ranking-changes.js';

let seq = 0;
const event = (type: EventType, userId: string | null, contentId: string | null = null): StoredEvent => ({
  seq: ++seq,
  type,
  sessionId: 's',
  userId,
  contentId,
  channel: contentId === null ? null : 'feed',
  scenario: null,
  occurredAt: seq,
  metadata: null,
});

describe('the users a batch of events changed, as the feed is told', () => {
  it("names each user's clicked items; a login's user is not named (read again); session starts change no one", () => {
    const changes = rankingChanges('t', [
      event('click', 'clicker', 'c1'),
      event('impression', 'clicker', 'c2'),
      event('click', 'clicker', 'c3'),
      event('like', 'liker', 'c1'),
      event('impression', 'viewer', 'c4'),
      event('return', 'viewer', 'c4'),
      event('login', 'newcomer'),
      event('click', 'newcomer', 'c5'),
      event('session_start', 'opener'),
      event('click', null, 'c6'),
    ]);
    expect(changes).toEqual([
      {
        kind: 'users',
        tenantId: 't',
        userIds: ['clicker', 'liker', 'newcomer'],
        rerank: 'now',
        reads: { clicker: ['c1', 'c3'], liker: [] },
      },
      { kind: 'users', tenantId: 't', userIds: ['viewer'], rerank: 'soon', reads: { viewer: [] } },
    ]);
  });
});
