import { createHash } from 'node:crypto';
import { errors } from '../http/problem.js';
import type { Signer } from '../lib/signer.js';
import { CHAIN_TTL_MS } from './snapshot-store.js';

/** What a cursor carries: where in which snapshot, and what it is bound to. */
export interface CursorState {
  snapshotId: string;
  offset: number;
  /** When the chain's first page was served: the chain lasts CHAIN_TTL_MS from then. */
  startedAt: number;
  /** An anonymous chain's experiment unit (its first request's id), so all its pages stay in one variant. */
  unit?: string;
}

interface Binding {
  tenantId: string;
  scenario: string;
  userId: string | undefined;
  /** The request's area parameters: another query may not continue this chain. */
  query: Record<string, string | undefined>;
}

interface Payload {
  s: string;
  o: number;
  b: string;
  /** Absent in cursors issued before chains carried their start (they last as long as their snapshot). */
  t?: number;
  /** The anonymous chain's experiment unit; absent in cursors issued before experiments. */
  a?: string;
}

/** A short digest of everything a cursor is bound to; also the key of a user's live chain. */
export function bindingKey(b: Binding): string {
  const text = JSON.stringify([
    b.tenantId,
    b.scenario,
    b.userId ?? null,
    Object.entries(b.query)
      .filter(([, v]) => v !== undefined)
      .sort(),
  ]);
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

export function encodeCursor(signer: Signer, state: CursorState, binding: Binding): string {
  return signer.sign({
    s: state.snapshotId,
    o: state.offset,
    b: bindingKey(binding),
    t: state.startedAt,
    ...(state.unit !== undefined && { a: state.unit }),
  } satisfies Payload);
}

/** The cursor's state; 400 when it was altered, issued for another tenant, scenario, user or query, or its chain is over an hour old. */
export function decodeCursor(signer: Signer, cursor: string, binding: Binding, now: number): CursorState {
  const payload = signer.verify<Payload>(cursor);
  const valid = payload && typeof payload.s === 'string' && Number.isInteger(payload.o) && payload.o >= 0 && typeof payload.b === 'string';
  if (!valid) throw invalidCursor('it is not a cursor this service issued, or it was altered');
  if (payload.b !== bindingKey(binding)) throw invalidCursor('it was issued for another tenant, scenario, user or area query');
  const startedAt = typeof payload.t === 'number' ? payload.t : now;
  if (now - startedAt >= CHAIN_TTL_MS) throw invalidCursor('it expired (cursors last an hour); request the first page again');
  return { snapshotId: payload.s, offset: payload.o, startedAt, ...(typeof payload.a === 'string' && { unit: payload.a }) };
}

export function invalidCursor(why: string) {
  return errors.badRequest(`Invalid cursor: ${why}. Send the next_cursor of the previous page unchanged, with the same query.`, [
    { location: 'query', name: 'cursor', message: why },
  ]);
}
