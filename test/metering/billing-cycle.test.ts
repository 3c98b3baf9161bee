import { describe, expect, it } from 'vitest';
import { billingCycleAt } from '../../src/metering/billing-cycle.js';

describe('billing cycles', () => {
  it('runs from the anchor day to the same day next month', () => {
    expect(billingCycleAt(Date.UTC(2026, 4, 20, 12), 15)).toMatchObject({ startDay: '2026-05-15', endDay: '2026-06-15' });
    expect(billingCycleAt(Date.UTC(2026, 4, 14, 23, 59), 15)).toMatchObject({ startDay: '2026-04-15', endDay: '2026-05-15' });
  });

  it('crosses the year', () => {
    expect(billingCycleAt(Date.UTC(2027, 0, 3), 28)).toMatchObject({ startDay: '2026-12-28', endDay: '2027-01-28' });
  });
});
