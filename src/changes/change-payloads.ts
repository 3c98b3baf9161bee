import type { Change } from './change-bus.js';

/** NOTIFY payloads must stay under 8,000 bytes: long user lists go in several. */
export const MAX_PAYLOAD = 7000;
/** Room for the origin, kind, tenant id and brackets around a chunk of user ids. */
const ENVELOPE_BYTES = 400;
/** A user's reads longer than this are not sent: the user is read again instead (change-bus.ts). */
const MAX_READS_BYTES = 2000;

/** A change as a NOTIFY payload carries it, with the node it came from. */
export interface Envelope {
  o: string;
  c: Change;
}

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** The change as one or more NOTIFY payloads: a long user list split, each user's reads with it. */
export function changePayloads(origin: string, change: Change): string[] {
  const whole = JSON.stringify({ o: origin, c: change } satisfies Envelope);
  if (Buffer.byteLength(whole) <= MAX_PAYLOAD || change.kind !== 'users') return [whole];
  const out: string[] = [];
  let chunk: string[] = [];
  let reads: Record<string, string[]> = {};
  let size = 0;
  const flush = () => {
    const part: Change = { ...change, userIds: chunk, ...(change.reads && { reads }) };
    out.push(JSON.stringify({ o: origin, c: part } satisfies Envelope));
    chunk = [];
    reads = {};
    size = 0;
  };
  for (const userId of change.userIds) {
    const own = change.reads?.[userId];
    // Not named in the chunk's reads: read again (never a payload too long to send).
    const sent = own && bytesOf(own) <= MAX_READS_BYTES ? own : undefined;
    const bytes = bytesOf(userId) + 1 + (sent ? bytesOf(userId) + bytesOf(sent) + 2 : 0);
    if (size + bytes > MAX_PAYLOAD - ENVELOPE_BYTES && chunk.length > 0) flush();
    chunk.push(userId);
    if (sent) reads[userId] = sent;
    size += bytes;
  }
  if (chunk.length > 0) flush();
  return out;
}
