import type { ConsumerMessages, JsMsg } from '@nats-io/jetstream';
import type { LoggedEvent } from './event-types.js';
import type { NatsEventLog } from './nats-event-log.js';
import { natsJetStream, subjectOf } from './nats-event-log.js';

/** A message of the log: its stream sequence and the events it holds (one request's events of one partition). */
export interface LogMessage {
  seq: number;
  events: LoggedEvent[];
  msg: JsMsg;
}

/**
 * Reads one partition of the JetStream event log for the processor that holds
 * its lease, in stream order, into a buffer that the processor applies from.
 *
 * The partition's durable consumer is created anew, starting right after the
 * last sequence the database says is applied, whenever a processor takes the
 * partition: the previous owner may have died with messages delivered but not
 * applied, which the consumer would otherwise hand out only after its ack wait,
 * behind later ones. So the database's position is the truth and the consumer
 * only delivers from it. A gap in delivery sequence (a message lost on the way)
 * breaks the reader, and the processor starts it again from the database.
 */
export class PartitionReader {
  private buffer: LogMessage[] = [];
  private messages: ConsumerMessages | null = null;
  private expectedDelivery = 1;
  /** The reader stopped delivering (consumer deleted by a new owner, a gap, an error): start again from the database. */
  broken = false;

  constructor(
    private readonly log: NatsEventLog,
    readonly partition: number,
    private readonly onMessages: () => void,
  ) {}

  get consumerName(): string {
    return `${this.log.config.stream}-p${this.partition}`;
  }

  async start(afterSeq: number): Promise<void> {
    const { jsm, js, config } = this.log;
    await jsm.consumers.delete(config.stream, this.consumerName).catch(() => undefined);
    await jsm.consumers.add(config.stream, {
      durable_name: this.consumerName,
      filter_subject: subjectOf(config.stream, this.partition),
      ack_policy: natsJetStream().AckPolicy.All,
      deliver_policy: natsJetStream().DeliverPolicy.StartSequence,
      opt_start_seq: afterSeq + 1,
      // Acks only tell the server (and an operator's `nats consumer info`) how far
      // processing got; the database's position decides what is applied.
      ack_wait: 60_000 * 1_000_000,
      // Bounds what a partition buffers while the database is slow (messages of one request's events each).
      max_ack_pending: 2_000,
    });
    const consumer = await js.consumers.get(config.stream, this.consumerName);
    this.messages = await consumer.consume({ max_messages: 1000, abort_on_missing_resource: true });
    void this.read(this.messages);
  }

  private async read(messages: ConsumerMessages): Promise<void> {
    try {
      for await (const m of messages) {
        if (m.info.deliverySequence !== this.expectedDelivery) {
          this.broken = true;
          break;
        }
        this.expectedDelivery++;
        this.buffer.push({ seq: m.seq, events: m.json<LoggedEvent[]>(), msg: m });
        this.onMessages();
      }
    } catch {
      // The consumer was deleted (another processor took the partition) or the connection failed for good.
    }
    this.broken = true;
    messages.stop();
  }

  /** The next messages in order, up to about `maxEvents` events (at least one message), without taking them. */
  peek(maxEvents: number): LogMessage[] {
    let n = 0;
    let i = 0;
    while (i < this.buffer.length && (i === 0 || n + this.buffer[i]!.events.length <= maxEvents)) n += this.buffer[i++]!.events.length;
    return this.buffer.slice(0, i);
  }

  /** `count` messages from the front are applied (committed): drop them and ack the last. */
  applied(count: number): void {
    const done = this.buffer.splice(0, count);
    done.at(-1)?.msg.ack();
  }

  get buffered(): number {
    return this.buffer.length;
  }

  stop(): void {
    this.broken = true;
    this.messages?.stop();
    this.buffer = [];
  }
}
