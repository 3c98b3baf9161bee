import { randomBytes } from 'node:crypto';

let serial = 0;

/**
 * `prefix_` + time + a per-process serial + random: ids that sort as the records
 * were made, also within one millisecond of one node (logs listed by time, then id).
 */
export function sortableId(prefix: string, now: number): string {
  serial = (serial + 1) % 36 ** 4;
  return `${prefix}_${now.toString(36).padStart(9, '0')}${serial.toString(36).padStart(4, '0')}${randomBytes(6).toString('hex')}`;
}
