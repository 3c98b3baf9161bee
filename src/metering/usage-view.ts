import { Type, type Static } from '@sinclair/typebox';
import { IsoTimestamp, Nullable } from '../http/schemas.js';
import { toIso } from '../lib/time.js';
import type { Tenant } from '../tenants/tenant-repo.js';
import { PLANS, rateLimitOf } from '../tenants/plans.js';
import { billingCycleAt } from './billing-cycle.js';

export const UsageSummary = Type.Object(
  {
    plan: Type.Union(PLANS.map((p) => Type.Literal(p))),
    rate_limit_rps: Type.Integer(),
    cycle: Type.Object({ starts_at: IsoTimestamp, ends_at: IsoTimestamp }),
    used_credits: Type.Number(),
    usage_cap_credits: Nullable(Type.Number({ description: 'null: no cap (pay-as-you-go).' })),
    remaining_credits: Nullable(Type.Number({ description: 'Until the cap; null without a cap.' })),
  },
  { $id: 'UsageSummary' },
);

export function usageSummary(tenant: Tenant, usedMillicredits: number, now: number): Static<typeof UsageSummary> {
  const cycle = billingCycleAt(now, tenant.billingAnchorDay);
  const cap = tenant.usageCapMillicredits;
  return {
    plan: tenant.plan,
    rate_limit_rps: rateLimitOf(tenant.plan, tenant.customRateLimit),
    cycle: { starts_at: toIso(cycle.startsAt), ends_at: toIso(cycle.endsAt) },
    used_credits: usedMillicredits / 1000,
    usage_cap_credits: cap === null ? null : cap / 1000,
    remaining_credits: cap === null ? null : Math.max(0, cap - usedMillicredits) / 1000,
  };
}
