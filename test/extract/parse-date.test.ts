import { describe, expect, it } from 'vitest';
import { parseDate } from '../../src/extract/parse-date.js';

const at = (iso: string): number => Date.parse(iso);

describe('parseDate', () => {
  it.each([
    ['Wed, 10 Feb 2010 10:50:00 +0900', '2010-02-10T01:50:00Z'],
    ['Wed, 10 Feb 2010 10:50:00 JST', '2010-02-10T01:50:00Z'],
    ['10 Feb 2010 10:50 GMT', '2010-02-10T10:50:00Z'],
    ['Wed, 10 Feb 10 10:50:00 -0500', '2010-02-10T15:50:00Z'],
    ['Wed, 10 February 2010 10:50:00 PST', '2010-02-10T18:50:00Z'],
    ['2024-03-01T10:50:00+09:00', '2024-03-01T01:50:00Z'],
    ['2024-03-01T10:50:00.250Z', '2024-03-01T10:50:00.250Z'],
    ['2024-03-01T10:50:00+0900', '2024-03-01T01:50:00Z'],
    ['2024-03-01 10:50', '2024-03-01T10:50:00Z'],
    ['2024/03/01 10:50:30', '2024-03-01T10:50:30Z'],
    ['2024-03-01', '2024-03-01T00:00:00Z'],
  ])('%s', (text, iso) => {
    expect(parseDate(text)).toBe(at(iso));
  });

  it.each(['', 'yesterday', '1', '2024-02-30', '2024-13-01', 'Wed, 10 Foo 2010 10:50:00 GMT', 'Wed, 10 Feb 2010 10:50:00 XYZ'])(
    'rejects %j',
    (text) => {
      expect(parseDate(text)).toBeNull();
    },
  );
});
