import { describe, expect, it } from 'vitest';
import type { UserFeedState } from '../../src/feed/user-feed-state.js';
import { UserStates } from '../../src/feed/user-states.js';

/** A loader that says what the database would, and counts its reads. */
function loader() {
  const stored = { read: ['c1'], signals: 1 };
  const calls: string[] = [];
  const load = async (_tenantId: string, userId: string): Promise<UserFeedState> => {
    calls.push(userId);
    return {
      registered: true,
      properties: {},
      followed: new Set(),
      blocked: new Set(),
      read: new Set(stored.read),
      signals: Array.from({ length: stored.signals }, (_, i) => ({
        contentId: `s${i}`,
        impressions: 0,
        clicks: 1,
        likes: 0,
        dislikes: 0,
        shares: 0,
        dwellMs: 0,
        updatedAt: i,
      })),
    };
  };
  return { stored, calls, load };
}

describe('user states held per node', () => {
  it("a change made by events alone adds the user's reads to the held state for later pages; a ranking reads it again", async () => {
    const db = loader();
    const states = new UserStates(db.load, 100);
    await states.get('t', 'u', 0, 'rank');
    // The processor applied a click of c2: the database has it, and the change names it.
    db.stored.read.push('c2');
    db.stored.signals = 2;
    states.changed('t', ['u'], { u: ['c2'] });

    const served = await states.get('t', 'u', 1, 'serve');
    expect([...served.read]).toEqual(['c1', 'c2']);
    expect(db.calls).toHaveLength(1); // no read for the later page
    const ranked = await states.get('t', 'u', 2, 'rank');
    expect(ranked.signals).toHaveLength(2); // the signals a ranking uses are read again
    expect(db.calls).toHaveLength(2);
    await states.get('t', 'u', 3, 'rank');
    expect(db.calls).toHaveLength(2);
  });

  it('a change that does not name the user in its reads (a login, a profile edit) reads it all again, for later pages too', async () => {
    const db = loader();
    const states = new UserStates(db.load, 100);
    await states.get('t', 'u', 0, 'rank');
    db.stored.read.push('c3');
    states.changed('t', ['u'], {});
    expect([...(await states.get('t', 'u', 1, 'serve')).read]).toEqual(['c1', 'c3']);
    states.changed('t', ['u']);
    await states.get('t', 'u', 2, 'serve');
    expect(db.calls).toHaveLength(3);
  });
});
