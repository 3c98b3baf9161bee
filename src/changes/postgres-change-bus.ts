import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { lazyRequire } from '../lib/lazy-require.js';
import { LocalChangeBus, type Change, type ChangeBus } from './change-bus.js';
import { changePayloads, type Envelope } from './change-payloads.js';

const pgModule = lazyRequire<typeof pg>('pg');

const CHANNEL = 'content_feed_changes';
const RECONNECT_MS = 1000;

/**
 * Changes shared by every process of a fleet through PostgreSQL's
 * LISTEN/NOTIFY: no other server needed, delivered after the publisher's
 * commit within milliseconds. A node delivers its own changes at once and
 * ignores their echo. When the listening connection drops, what was sent
 * meanwhile is lost, so on reconnecting the node drops every cache
 * (`everything`).
 */
export class PostgresChangeBus implements ChangeBus {
  private readonly local = new LocalChangeBus();
  private readonly origin = randomUUID();
  private listener: pg.Client | null = null;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    /** Sends a NOTIFY over the service's own pool (which reconnects), not the listening connection. */
    private readonly notify: (channel: string, payload: string) => Promise<unknown>,
    private readonly log: { warn(obj: unknown, msg: string): void },
  ) {}

  /** Starts listening; resolves once the first LISTEN is in place. */
  async start(): Promise<void> {
    await this.connect(false);
  }

  publish(change: Change): void {
    this.local.publish(change);
    for (const payload of changePayloads(this.origin, change)) {
      this.notify(CHANNEL, payload).catch((err: unknown) => {
        this.log.warn({ err }, 'change notification not sent; other nodes see it when their caches expire');
      });
    }
  }

  subscribe(listener: (change: Change) => void): void {
    this.local.subscribe(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.listener?.end().catch(() => {});
  }

  private async connect(reconnecting: boolean): Promise<void> {
    const client = new (pgModule().Client)({ connectionString: this.url });
    client.on('notification', (message) => {
      if (!message.payload) return;
      const envelope = JSON.parse(message.payload) as Envelope;
      if (envelope.o !== this.origin) this.local.deliver(envelope.c);
    });
    client.on('error', (err) => this.log.warn({ err }, 'change listener connection failed; reconnecting'));
    client.on('end', () => {
      if (this.listener === client) this.listener = null;
      this.retry();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
    if (reconnecting) this.local.deliver({ kind: 'everything' });
  }

  private retry(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect(true).catch(() => this.retry());
    }, RECONNECT_MS);
    this.timer.unref();
  }
}
