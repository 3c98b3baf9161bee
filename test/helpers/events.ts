import type { Backend } from './backends.js';
import { startTestApp, type TestApp } from './test-app.js';

export interface EventFields {
  type: string;
  session_id?: string;
  user_id?: string;
  tracking_token?: string;
  occurred_at?: string;
  metadata?: Record<string, unknown>;
}

/** An event with defaults (session `s1`, the test clock's time). */
export function event(t: TestApp, fields: EventFields): Record<string, unknown> {
  return { session_id: 's1', occurred_at: new Date(t.clock.now()).toISOString(), ...fields };
}

/** A tracking token as the feed would issue it for `contentId` to `userId`. */
export function token(
  t: TestApp,
  tenantId: string,
  contentId: string,
  options: { userId?: string | null; channel?: 'feed' | 'push'; scenario?: string } = {},
): string {
  return t.deps.tokens.issue({
    tenantId,
    contentId,
    scenario: options.scenario ?? 'home',
    channel: options.channel ?? 'feed',
    userId: options.userId ?? null,
    requestId: 'req_test',
    position: 0,
    issuedAt: Math.floor(t.clock.now() / 1000),
  });
}

export async function postEvents(t: TestApp, apiKey: string, events: Record<string, unknown>[]) {
  return t.api(apiKey, 'POST', '/v1/events', { events });
}

/** An app with one enterprise tenant and content items from one source: what event tests start from. */
export async function startEventFixture(backend: Backend, urls: string[]) {
  const t = await startTestApp({ backend });
  const { apiKey, tenantId } = await t.createTenant({ plan: 'enterprise' });
  const sourceId = await t.createSource();
  const contentIds: string[] = [];
  for (const url of urls) contentIds.push(await t.ingest({ source_id: sourceId, url }));
  return { t, key: apiKey, tenantId, contentIds };
}
