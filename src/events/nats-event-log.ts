import { createHash } from 'node:crypto';
import type * as JetStream from '@nats-io/jetstream';
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import type * as NatsTransport from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Config } from '../config.js';
import { errors } from '../http/problem.js';
import { lazyRequire } from '../lib/lazy-require.js';
import type { EventAppender } from './event-log.js';
import type { LoggedEvent } from './event-types.js';

export type EventLogConfig = NonNullable<Config['eventLog']>;

/** Loaded when a node uses the log (lib/lazy-require.ts). */
export const natsJetStream = lazyRequire<typeof JetStream>('@nats-io/jetstream');
const natsTransport = lazyRequire<typeof NatsTransport>('@nats-io/transport-node');

/** Raw events stay in the stream this long: the time processors may be down without losing any. */
const MAX_AGE_MS = 7 * 86_400_000;
/** A client's retry of a whole batch within this window is stored once (Nats-Msg-Id); later ones are dropped by the processor. */
const DUPLICATE_WINDOW_MS = 10 * 60_000;
const NS_PER_MS = 1_000_000;

/**
 * The partition of a tenant's user (or, without a user, of the session): FNV-1a
 * over tenant and key, so every process of every version agrees, and a user's
 * events stay in one subject, applied in order by the partition's one owner.
 */
export function partitionOf(event: Pick<LoggedEvent, 'tenantId' | 'userId' | 'sessionId'>, partitions: number): number {
  const key = `${event.tenantId}\0${event.userId === null ? `s\0${event.sessionId}` : `u\0${event.userId}`}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % partitions;
}

export const subjectOf = (stream: string, partition: number) => `${stream}.${partition}`;

/**
 * The event log on NATS JetStream (EVENT_LOG_URL): intake publishes each
 * accepted batch, one message per partition it touches, and resolves only
 * after every PubAck: JetStream has then written the events to its file store
 * (durable before the 202, as the `events` table is). The message id is a hash
 * of the events' dedupe keys, so a client that sends a batch again (it got no
 * answer) is stored once.
 */
export class NatsEventLog implements EventAppender {
  private constructor(
    readonly connection: NatsConnection,
    readonly js: JetStreamClient,
    readonly jsm: JetStreamManager,
    readonly config: EventLogConfig,
    private readonly log: { warn(obj: unknown, msg: string): void },
  ) {}

  /** Connects and creates the stream if it does not exist (an existing one is left as its operator configured it). */
  static async connect(config: EventLogConfig, log: { warn(obj: unknown, msg: string): void }): Promise<NatsEventLog> {
    const url = new URL(config.url);
    const connection = await natsTransport().connect({
      servers: `${url.hostname}:${url.port || 4222}`,
      user: url.username ? decodeURIComponent(url.username) : undefined,
      pass: url.password ? decodeURIComponent(url.password) : undefined,
      name: 'content-feed',
      maxReconnectAttempts: -1,
    });
    void (async () => {
      for await (const status of connection.status()) {
        if (status.type === 'disconnect' || status.type === 'error') log.warn({ status: status.type }, 'event log (NATS) connection');
      }
    })();
    const jsm = await natsJetStream().jetstreamManager(connection);
    try {
      await jsm.streams.info(config.stream);
    } catch {
      await jsm.streams.add({
        name: config.stream,
        subjects: [`${config.stream}.*`],
        storage: natsJetStream().StorageType.File,
        max_age: MAX_AGE_MS * NS_PER_MS,
        duplicate_window: DUPLICATE_WINDOW_MS * NS_PER_MS,
      });
    }
    return new NatsEventLog(connection, natsJetStream().jetstream(connection), jsm, config, log);
  }

  async append(events: LoggedEvent[]): Promise<void> {
    const byPartition = new Map<number, LoggedEvent[]>();
    for (const e of events) {
      const p = partitionOf(e, this.config.partitions);
      const list = byPartition.get(p);
      if (list) list.push(e);
      else byPartition.set(p, [e]);
    }
    try {
      await Promise.all(
        [...byPartition].map(([p, list]) => {
          const msgID = createHash('sha256')
            .update(list.map((e) => `${e.tenantId}\0${e.dedupeKey}`).join('\n'))
            .digest('base64url');
          return this.js.publish(subjectOf(this.config.stream, p), JSON.stringify(list), { msgID });
        }),
      );
    } catch (error) {
      // Some partitions' messages may be stored: the client's retry stores them once (message ids, dedupe keys).
      this.log.warn({ err: error }, 'event log (NATS) did not acknowledge a batch');
      throw errors.unavailable('The event log did not store this batch: it was not accepted. Send it again.');
    }
  }

  async close(): Promise<void> {
    await this.connection.drain();
  }
}
