import type { Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import type { DatabaseKind } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { SecretBox } from '../lib/secret-box.js';

export interface WebhookDispatcherDeps {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  clock: Clock;
  log: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  /** Opens the tenants' sealed `whsec_` secrets. */
  secrets: SecretBox;
  allowPrivateNetwork: boolean;
  /** Waits before retries 1..3 (the first attempt is due at once). */
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  metrics: Registry;
}

/** Sends recorded webhook deliveries (see webhook-outbox.ts); skeleton, filled in by the webhook work. */
export class WebhookDispatcher {
  constructor(private readonly deps: WebhookDispatcherDeps) {}

  /** Polls for due deliveries (once a second); deliveries left pending by a previous process resume. */
  start(): void {}

  /** A delivery was just recorded: look now instead of at the next poll. */
  wake(): void {}

  /** Attempts every delivery due at the clock's now; resolves when they are settled. Returns how many were attempted. */
  async runDue(): Promise<number> {
    void this.deps;
    return 0;
  }

  async stop(): Promise<void> {}
}
