import { describe, expect, it } from 'vitest';
import type { Change } from '../../src/changes/change-bus.js';
import { changePayloads, MAX_PAYLOAD, type Envelope } from '../../src/changes/change-payloads.js';

describe('change payloads (PostgreSQL NOTIFY)', () => {
  it("splits a long user list into payloads PostgreSQL accepts, each user's reads with it", () => {
    const userIds = Array.from({ length: 900 }, (_, i) => `user-${i}`);
    const reads = Object.fromEntries(userIds.map((id, i) => [id, i % 3 === 0 ? [] : [`cnt_${i}_a`, `cnt_${i}_b`]]));
    // One user read so much that their reads are not sent: they are read again instead.
    reads['user-7'] = Array.from({ length: 200 }, (_, i) => `cnt_long_${i}`);
    const change: Change = { kind: 'users', tenantId: 'ten_1', userIds, rerank: 'now', reads };

    const payloads = changePayloads('node-a', change);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_PAYLOAD);
    const parts = payloads.map((p) => (JSON.parse(p) as Envelope).c as Extract<Change, { kind: 'users' }>);
    expect(parts.flatMap((c) => c.userIds)).toEqual(userIds);
    const sent = Object.assign({}, ...parts.map((c) => c.reads)) as Record<string, string[]>;
    expect(sent['user-7']).toBeUndefined();
    expect(Object.keys(sent)).toHaveLength(899);
    for (const id of userIds) if (id !== 'user-7') expect(sent[id]).toEqual(reads[id]);
    for (const c of parts)
      expect({ kind: c.kind, tenantId: c.tenantId, rerank: c.rerank }).toEqual({ kind: 'users', tenantId: 'ten_1', rerank: 'now' });
  });

  it('sends a change that fits as it is', () => {
    const change: Change = { kind: 'users', tenantId: 'ten_1', userIds: ['a'], rerank: 'soon', reads: { a: [] } };
    expect(changePayloads('node-a', change).map((p) => JSON.parse(p) as Envelope)).toEqual([{ o: 'node-a', c: change }]);
  });
});
