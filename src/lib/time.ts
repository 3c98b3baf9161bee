/** ISO 8601 in UTC with milliseconds, the only timestamp format the API emits. */
export function toIso(ms: number): string {
  return new Date(ms).toISOString();
}

export function toIsoOrNull(ms: number | null | undefined): string | null {
  return ms === null || ms === undefined ? null : toIso(ms);
}

const DAY_MS = 86_400_000;
let cachedDayStart = -1;
let cachedDay = '';

/** `YYYY-MM-DD` of the UTC day containing `ms` (called per request: the last day is cached). */
export function utcDay(ms: number): string {
  const dayStart = ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
  if (dayStart !== cachedDayStart) {
    cachedDay = new Date(dayStart).toISOString().slice(0, 10);
    cachedDayStart = dayStart;
  }
  return cachedDay;
}
