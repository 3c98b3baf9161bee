import type { SecretBox } from '../lib/secret-box.js';
import { webhookMeter } from '../metrics/index.js';
import { WebhookDispatcher } from '../webhooks/webhook-dispatcher.js';
import type { RuntimeBase } from './runtime-base.js';

/**
 * The webhook dispatcher: deliveries signed with the tenants' secrets (kept sealed by
 * `secrets`), retried after each of config.webhook.retryDelaysMs.
 */
export function buildWebhooks({ config, database, clock, log, metrics }: RuntimeBase, secrets: SecretBox): WebhookDispatcher {
  return new WebhookDispatcher({
    db: database.db,
    dbKind: database.kind,
    clock,
    log,
    secrets,
    allowPrivateNetwork: config.allowPrivateNetworkFetch,
    requireHttps: config.webhook.requireHttps,
    retryDelaysMs: config.webhook.retryDelaysMs,
    timeoutMs: config.webhook.timeoutMs,
    meter: webhookMeter(metrics),
  });
}
