import { Pool } from 'undici';

/**
 * What a request was for: a session's first page, a later page (with a cursor), an event POST, a user
 * upsert (PUT), or a plain GET (the bare route).
 */
export type RequestKind = 'first' | 'later' | 'event' | 'user' | 'plain';

/** One request of a load run; times are performance.now() milliseconds of this process. */
export interface RequestRecord {
  kind: RequestKind;
  /** When it was due: its scheduled time (open loop) or when it was sent (closed loop). Latency counts from here. */
  dueAt: number;
  /** When it was handed to the connection pool (it may wait there for a free connection). */
  sentAt: number;
  /** When its whole answer had been read; null if the run ended first (or it was never sent). */
  doneAt: number | null;
  /** HTTP status; 0 for a connection error; null while unanswered. */
  status: number | null;
  /** An event POST answered 202: its session (of the batch's first event) and the `accepted` count of its answer. */
  acknowledged?: { session: string; events: number };
}

/**
 * A load generator's HTTP client: an undici pool of `connections` keep-alive
 * connections to one origin that records every request. Requests beyond the
 * open connections wait in the pool's queue, and that wait counts in their
 * latency (the pool is on our side, but in an open-loop run the queue only
 * grows when the server answers slower than requests are due).
 */
export class LoadClient {
  readonly records: RequestRecord[] = [];
  private readonly pool: Pool;
  private ended = false;

  constructor(
    origin: string,
    private readonly headers: Record<string, string>,
    connections: number,
  ) {
    this.pool = new Pool(origin, { connections, pipelining: 1 });
  }

  /** Whether abort() ended the run: requests still out were left unanswered. */
  get aborted(): boolean {
    return this.ended;
  }

  /** Sends a request; its body text when answered 2xx, else null. */
  async send(kind: RequestKind, dueAt: number, method: 'GET' | 'POST' | 'PUT', path: string, body?: string): Promise<string | null> {
    const record: RequestRecord = { kind, dueAt, sentAt: performance.now(), doneAt: null, status: null };
    this.records.push(record);
    if (this.ended) return null;
    try {
      const response = await this.pool.request({
        method,
        path,
        headers: body === undefined ? this.headers : { ...this.headers, 'content-type': 'application/json' },
        body,
      });
      const text = await response.body.text();
      if (this.ended) return null; // answered after the run's deadline: counted as unanswered
      record.doneAt = performance.now();
      record.status = response.statusCode;
      if (kind === 'event' && response.statusCode === 202) {
        const session = (JSON.parse(body!) as { events: { session_id: string }[] }).events[0]!.session_id;
        record.acknowledged = { session, events: (JSON.parse(text) as { accepted: number }).accepted };
      }
      return response.statusCode < 300 ? text : null;
    } catch {
      if (this.ended) return null;
      record.doneAt = performance.now();
      record.status = 0;
      return null;
    }
  }

  /** A request that was due but never sent: its session waited on a page the run ended before. */
  missed(kind: RequestKind, dueAt: number): void {
    this.records.push({ kind, dueAt, sentAt: dueAt, doneAt: null, status: null });
  }

  /** Ends the run now: requests still out are dropped (their connections closed) and stay unanswered. */
  async abort(): Promise<void> {
    this.ended = true;
    await this.pool.destroy();
  }

  /** Closes the connections once every request is answered. */
  async close(): Promise<void> {
    await this.pool.close();
  }
}
