/** Per-second request limits of SPEC.md's plans; `custom` carries its own rate. */
export const PLAN_RATES = {
  starter: 50,
  professional: 100,
  enterprise: 500,
  custom: null,
} as const;

export type Plan = keyof typeof PLAN_RATES;

/**
 * Credits included in each plan per billing cycle (SPEC Credits: they reset at the
 * start of each cycle; usage beyond them is pay-as-you-go at the plan's unit price).
 * A custom plan's inclusion is agreed per contract and not recorded here: 0.
 */
export const PLAN_INCLUDED_CREDITS: Readonly<Record<Plan, number>> = {
  starter: 10_000,
  professional: 100_000,
  enterprise: 1_000_000,
  custom: 0,
};
export const PLANS = Object.keys(PLAN_RATES) as Plan[];

/** The largest custom rate we accept; above it a tenant needs its own deployment. */
export const MAX_CUSTOM_RATE = 100_000;

export function rateLimitOf(plan: Plan, customRate: number | null): number {
  return PLAN_RATES[plan] ?? customRate ?? PLAN_RATES.starter;
}
