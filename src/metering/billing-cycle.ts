import { utcDay } from '../lib/time.js';

export interface BillingCycle {
  /** First UTC day of the cycle, `YYYY-MM-DD`, inclusive. */
  startDay: string;
  /** First UTC day of the next cycle, exclusive. */
  endDay: string;
  startsAt: number;
  endsAt: number;
}

/**
 * Monthly cycles start at 00:00 UTC on the tenant's anchor day (1–28, so every
 * month has it). A tenant anchored on the 15th is in the cycle that began on
 * the most recent 15th.
 */
export function billingCycleAt(nowMs: number, anchorDay: number): BillingCycle {
  const now = new Date(nowMs);
  const year = now.getUTCFullYear();
  let month = now.getUTCMonth();
  if (now.getUTCDate() < anchorDay) month -= 1;
  const startsAt = Date.UTC(year, month, anchorDay);
  const endsAt = Date.UTC(year, month + 1, anchorDay);
  return { startDay: utcDay(startsAt), endDay: utcDay(endsAt), startsAt, endsAt };
}
