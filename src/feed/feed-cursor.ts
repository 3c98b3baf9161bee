import { createHash } from 'node:crypto';
import { errors } from '../http/problem.js';
import type { Signer } from '../lib/signer.js';

/** What a cursor carries: where in which snapshot, and what it is bound to. */
export interface CursorState {
  snapshotId: string;
  offset: number;
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
}

/** A short digest of everything a cursor is bound to; also the key of a user's live chain. */
export function bindingKey(b: Binding): string {
  const text = JSON.stringify([b.tenantId, b.scenario, b.userId ?? null, Object.entries(b.query).filter(([, v]) => v !== undefined).sort()]);
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

export function encodeCursor(signer: Signer, state: CursorState, binding: Binding): string {
  return signer.sign({ s: state.snapshotId, o: state.offset, b: bindingKey(binding) } satisfies Payload);
}

/** The cursor's state; 400 when it was altered, or issued for another tenant, scenario, user or query. */
export function decodeCursor(signer: Signer, cursor: string, binding: Binding): CursorState {
  const payload = signer.verify<Payload>(cursor);
  const valid = payload && typeof payload.s === 'string' && Number.isInteger(payload.o) && payload.o >= 0 && typeof payload.b === 'string';
  if (!valid) throw invalidCursor('it is not a cursor this service issued, or it was altered');
  if (payload.b !== bindingKey(binding)) throw invalidCursor('it was issued for another tenant, scenario, user or area query');
  return { snapshotId: payload.s, offset: payload.o };
}

export function invalidCursor(why: string) {
  return errors.badRequest(`Invalid cursor: ${why}. Send the next_cursor of the previous page unchanged, with the same query.`, [
    { location: 'query', name: 'cursor', message: why },
  ]);
}
