import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ChangeBus } from '../changes/change-bus.js';
import type { Database, TenantUpdate } from '../db/schema.js';
import { errors } from '../http/problem.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { SecretBox } from '../lib/secret-box.js';
import { createDefaultScenarios } from '../scenarios/default-scenarios.js';
import { insertApiKey, listApiKeys, revokeApiKey, type ApiKeyRecord } from './api-key-repo.js';
import { apiKeyHint, generateApiKey, hashApiKey } from './api-key-format.js';
import type { KeyAuthenticator } from './authenticate-key.js';
import { MAX_CUSTOM_RATE, type Plan } from './plans.js';
import { findTenant, insertTenant, updateTenant, type Tenant } from './tenant-repo.js';

export interface TenantServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  keys: KeyAuthenticator;
  webhookSecrets: SecretBox;
  /** Account changes go to every node's key cache (change-bus.ts). */
  changes: ChangeBus;
}

export interface TenantInput {
  name?: string;
  plan?: Plan;
  rate_limit_rps?: number | null;
  usage_cap_credits?: number | null;
  billing_anchor_day?: number;
}

export interface NewTenantInput extends TenantInput {
  name: string;
  plan: Plan;
  /** The default algorithm and the `feed` and `push` scenarios (default-scenarios.ts); true unless false. */
  default_scenarios?: boolean;
}

/** Credits arrive as decimals with at most three places; the ledger counts millicredits. */
export function creditsToMilli(credits: number, field: string): number {
  const milli = Math.round(credits * 1000);
  if (Math.abs(milli - credits * 1000) > 1e-6) {
    throw errors.invalidField('body', field, 'must have at most three decimal places');
  }
  return milli;
}

function checkPlanRate(plan: Plan, rate: number | null): void {
  if (plan === 'custom' && rate === null) {
    throw errors.invalidField('body', 'rate_limit_rps', `is required for the custom plan (1 to ${MAX_CUSTOM_RATE})`);
  }
  if (plan !== 'custom' && rate !== null) {
    throw errors.invalidField('body', 'rate_limit_rps', 'can only be set for the custom plan; other plans have fixed rates');
  }
}

export async function createTenant(deps: TenantServiceDeps, input: NewTenantInput): Promise<Tenant> {
  const rate = input.rate_limit_rps ?? null;
  checkPlanRate(input.plan, rate);
  const now = deps.clock.now();
  const row = {
    id: newId('ten'),
    name: input.name,
    plan: input.plan,
    rate_limit_rps: rate,
    usage_cap_millicredits:
      input.usage_cap_credits === undefined || input.usage_cap_credits === null
        ? null
        : creditsToMilli(input.usage_cap_credits, 'usage_cap_credits'),
    billing_anchor_day: input.billing_anchor_day ?? Math.min(new Date(now).getUTCDate(), 28),
    webhook_url: null,
    webhook_secret: null,
    created_at: now,
    updated_at: now,
  };
  // One transaction: a tenant exists with its scenarios or not at all.
  return deps.db.transaction().execute(async (trx) => {
    const tenant = await insertTenant(trx, row);
    if (input.default_scenarios !== false) await createDefaultScenarios(trx, tenant.id, now);
    return tenant;
  });
}

export async function requireTenant(db: Kysely<Database>, tenantId: string): Promise<Tenant> {
  const tenant = await findTenant(db, tenantId);
  if (!tenant) throw errors.notFound(`No tenant ${tenantId}.`);
  return tenant;
}

export async function patchTenant(deps: TenantServiceDeps, tenantId: string, input: TenantInput): Promise<Tenant> {
  const current = await requireTenant(deps.db, tenantId);
  const plan = input.plan ?? current.plan;
  // Moving off the custom plan drops its rate unless the caller set one explicitly.
  const rate = input.rate_limit_rps !== undefined ? input.rate_limit_rps : plan === 'custom' ? current.customRateLimit : null;
  checkPlanRate(plan, rate);
  const changes: TenantUpdate = { plan, rate_limit_rps: rate, updated_at: deps.clock.now() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.billing_anchor_day !== undefined) changes.billing_anchor_day = input.billing_anchor_day;
  if (input.usage_cap_credits !== undefined) {
    changes.usage_cap_millicredits = input.usage_cap_credits === null ? null : creditsToMilli(input.usage_cap_credits, 'usage_cap_credits');
  }
  const updated = await updateTenant(deps.db, tenantId, changes);
  deps.changes.publish({ kind: 'account', tenantId });
  return updated!;
}

export interface IssuedKey {
  record: ApiKeyRecord;
  /** The only time the full key exists outside the client. */
  apiKey: string;
}

export async function issueApiKey(deps: TenantServiceDeps, tenantId: string, name: string | undefined): Promise<IssuedKey> {
  await requireTenant(deps.db, tenantId);
  const apiKey = generateApiKey();
  const record: ApiKeyRecord = {
    id: newId('key'),
    tenantId,
    name: name ?? 'default',
    hash: hashApiKey(apiKey),
    last4: apiKeyHint(apiKey),
    createdAt: deps.clock.now(),
    lastUsedAt: null,
    revokedAt: null,
  };
  await insertApiKey(deps.db, record);
  return { record, apiKey };
}

export async function tenantApiKeys(deps: TenantServiceDeps, tenantId: string): Promise<ApiKeyRecord[]> {
  await requireTenant(deps.db, tenantId);
  await deps.keys.flushLastUsed();
  return listApiKeys(deps.db, tenantId);
}

export async function revokeTenantApiKey(deps: TenantServiceDeps, tenantId: string, keyId: string): Promise<void> {
  await requireTenant(deps.db, tenantId);
  if (!(await revokeApiKey(deps.db, tenantId, keyId, deps.clock.now()))) {
    throw errors.notFound(`Tenant ${tenantId} has no API key ${keyId}.`);
  }
  deps.changes.publish({ kind: 'account', tenantId });
}

/** Sets the webhook URL and issues a new signing secret, returned this once. */
export async function setWebhook(deps: TenantServiceDeps, tenantId: string, url: string): Promise<{ url: string; secret: string }> {
  await requireTenant(deps.db, tenantId);
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  await updateTenant(deps.db, tenantId, {
    webhook_url: url,
    webhook_secret: deps.webhookSecrets.seal(secret),
    updated_at: deps.clock.now(),
  });
  deps.changes.publish({ kind: 'account', tenantId });
  return { url, secret };
}

export async function removeWebhook(deps: TenantServiceDeps, tenantId: string): Promise<void> {
  await requireTenant(deps.db, tenantId);
  await updateTenant(deps.db, tenantId, { webhook_url: null, webhook_secret: null, updated_at: deps.clock.now() });
  deps.changes.publish({ kind: 'account', tenantId });
}
