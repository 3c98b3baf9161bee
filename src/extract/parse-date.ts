// Feed and page dates → epoch ms. Written out rather than left to Date.parse because V8 reads a
// zone-less ISO time as *local* time (machine-dependent), rejects "JST", and accepts garbage
// such as "1" as a year. Accepted: RFC 822/1123 (RSS pubDate, with numeric zones and the named
// zones below), ISO 8601 / W3C-DTF (Atom, dc:date, meta tags; "2024/03/01 10:50" too).
// A time without a zone is taken as UTC, so results never depend on the machine's TZ.

const MONTHS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};

// Offsets in minutes. Single-letter military zones are left out: RFC 1123 §5.2.14 notes
// their signs were defined backwards, so they carry no reliable information.
const NAMED_ZONES: Record<string, number> = {
  ut: 0,
  utc: 0,
  gmt: 0,
  z: 0,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
  jst: 540,
  kst: 540,
  cet: 60,
  cest: 120,
};

const RFC822 =
  /^(?:[a-z]{2,}\.?,?\s*)?(\d{1,2})[\s-]+([a-z]{3,})\.?[\s-]+(\d{2,4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([+-]\d{2}:?\d{2}|[a-z]{1,5})?$/i;

const ISO =
  /^(\d{4})(?:[-/](\d{1,2})(?:[-/](\d{1,2})(?:[T\s]+(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?)?)?$/i;

function offsetMinutes(zone: string | undefined): number | null {
  if (zone === undefined) return 0;
  const numeric = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (numeric !== null) {
    const minutes = Number(numeric[2]) * 60 + Number(numeric[3] ?? '0');
    return numeric[1] === '-' ? -minutes : minutes;
  }
  return NAMED_ZONES[zone.toLowerCase()] ?? null;
}

function utc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  ms: number,
  offset: number,
): number | null {
  if (month < 0 || month > 11 || day < 1 || day > 31 || hour > 24 || minute > 59 || second > 60) return null;
  const time = Date.UTC(year, month, day, hour, minute, second, ms);
  // Date.UTC rolls 31 April over to 1 May; a date that does not exist is not a date.
  if (new Date(time).getUTCDate() !== day && hour < 24) return null;
  return time - offset * 60_000;
}

function parseRfc822(text: string): number | null {
  const m = RFC822.exec(text);
  if (m === null) return null;
  const month = MONTHS[(m[2] as string).slice(0, 3).toLowerCase()];
  const offset = offsetMinutes(m[7]);
  if (month === undefined || offset === null) return null;
  let year = Number(m[3]);
  if ((m[3] as string).length === 2) year += year < 50 ? 2000 : 1900;
  return utc(year, month, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6] ?? '0'), 0, offset);
}

function parseIso(text: string): number | null {
  const m = ISO.exec(text);
  if (m === null) return null;
  const offset = offsetMinutes(m[8]);
  if (offset === null) return null;
  const ms = m[7] === undefined ? 0 : Math.round(Number(`0.${m[7]}`) * 1000);
  return utc(
    Number(m[1]),
    Number(m[2] ?? '1') - 1,
    Number(m[3] ?? '1'),
    Number(m[4] ?? '0'),
    Number(m[5] ?? '0'),
    Number(m[6] ?? '0'),
    ms,
    offset,
  );
}

/** Epoch ms for an RFC 822 or ISO 8601 date, or null when the text is neither. */
export function parseDate(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return parseIso(trimmed) ?? parseRfc822(trimmed);
}
