import { Type, type Static } from '@sinclair/typebox';
import { IsoTimestamp, Nullable } from '../http/schemas.js';
import { toIso } from '../lib/time.js';
import { billingCycleAt } from '../metering/billing-cycle.js';
import { shownWebhookUrl } from '../webhooks/webhook-url-policy.js';
import { PLAN_INCLUDED_CREDITS, PLANS, rateLimitOf } from './plans.js';
import type { Tenant } from './tenant-repo.js';

export const PlanSchema = Type.Union(PLANS.map((plan) => Type.Literal(plan)));

export const TenantView = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    plan: PlanSchema,
    rate_limit_rps: Type.Integer({ description: 'Requests per second allowed by the plan.' }),
    usage_cap_credits: Nullable(Type.Number()),
    billing_anchor_day: Type.Integer(),
    webhook_url: Nullable(Type.String()),
    current_cycle: Type.Object({
      starts_at: IsoTimestamp,
      ends_at: IsoTimestamp,
      used_credits: Type.Number(),
      included_credits: Type.Number({ description: 'Credits the plan includes each cycle; usage beyond them is billed pay-as-you-go.' }),
    }),
    created_at: IsoTimestamp,
    updated_at: IsoTimestamp,
  },
  { $id: 'Tenant' },
);

export function tenantView(tenant: Tenant, usedMillicredits: number, now: number): Static<typeof TenantView> {
  const cycle = billingCycleAt(now, tenant.billingAnchorDay);
  return {
    id: tenant.id,
    name: tenant.name,
    plan: tenant.plan,
    rate_limit_rps: rateLimitOf(tenant.plan, tenant.customRateLimit),
    usage_cap_credits: tenant.usageCapMillicredits === null ? null : tenant.usageCapMillicredits / 1000,
    billing_anchor_day: tenant.billingAnchorDay,
    webhook_url: shownWebhookUrl(tenant.webhookUrl),
    current_cycle: {
      starts_at: toIso(cycle.startsAt),
      ends_at: toIso(cycle.endsAt),
      used_credits: usedMillicredits / 1000,
      included_credits: PLAN_INCLUDED_CREDITS[tenant.plan],
    },
    created_at: toIso(tenant.createdAt),
    updated_at: toIso(tenant.updatedAt),
  };
}
