/** The few public API calls the simulated users make, over real HTTP. */

export interface ServedItem {
  id: string;
  category: string | null;
  source: { id: string; name: string };
  published_at: string;
  areas: string[];
  score: number;
  tracking_token: string;
}

export interface FeedPage {
  items: ServedItem[];
  meta: { next_cursor: string | null; consumed_credits: number; request_id: string };
}

export class FeedClient {
  constructor(
    private readonly baseUrl: string,
    private readonly headers: Record<string, string>,
    private readonly scenario: string,
  ) {}

  private async call(method: string, path: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: body === undefined ? this.headers : { ...this.headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${(await response.text()).slice(0, 500)}`);
    return response;
  }

  async putUser(userId: string, properties: Record<string, unknown>): Promise<void> {
    await this.call('PUT', `/v1/users/${encodeURIComponent(userId)}`, { properties });
  }

  async follow(userId: string, sourceId: string): Promise<void> {
    await this.call('PUT', `/v1/users/${encodeURIComponent(userId)}/sources/${sourceId}/follow`);
  }

  async feed(userId: string, limit: number, options: { cursor?: string; scenario?: string } = {}): Promise<FeedPage> {
    const query = new URLSearchParams({ scenario: options.scenario ?? this.scenario, user_id: userId, limit: String(limit) });
    if (options.cursor) query.set('cursor', options.cursor);
    return (await (await this.call('GET', `/v1/feed?${query.toString()}`)).json()) as FeedPage;
  }

  /** An admin call (the bench's operator token in `adminHeaders`). */
  async admin(adminHeaders: Record<string, string>, method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: body === undefined ? adminHeaders : { ...adminHeaders, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${(await response.text()).slice(0, 500)}`);
    return response.json();
  }

  /** Impressions for the page, a click and a 45 s return for each chosen item. */
  async report(userId: string, sessionId: string, page: ServedItem[], clicked: ServedItem[]): Promise<void> {
    const at = new Date().toISOString();
    const event = (type: string, item: ServedItem, metadata?: Record<string, unknown>) => ({
      type,
      session_id: sessionId,
      user_id: userId,
      tracking_token: item.tracking_token,
      occurred_at: at,
      ...(metadata && { metadata }),
    });
    const events = [
      ...page.map((item) => event('impression', item)),
      ...clicked.flatMap((item) => [event('click', item), event('return', item, { dwell_ms: 45_000 })]),
    ];
    // At most 100 events a request (SPEC.md).
    for (let i = 0; i < events.length; i += 100) await this.call('POST', '/v1/events', { events: events.slice(i, i + 100) });
  }

  /** Waits until the event processor's backlog (the events_unprocessed gauge) is empty. */
  async drained(timeoutMs = 30_000): Promise<void> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      const text = await (await fetch(`${this.baseUrl}/metrics`)).text();
      if (Number(/^events_unprocessed (\d+)$/m.exec(text)?.[1] ?? 1) === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`events still unprocessed after ${timeoutMs} ms`);
  }
}
