/**
 * Clients posting batches of events to a node that is killed under them (the
 * kill -9 tests). Batch b holds `perBatch` session_start events of session
 * `b<b>` by user `u<b>`, each at its own millisecond, so what was stored and
 * applied can be counted per batch. A batch with no answer (the process is
 * gone) or a 503 (a node shutting down) is sent again, in a later round after
 * the restart, as a client must; any other status is kept in `unexpected`.
 */
export class EventLoad {
  /** The batches answered 202. */
  readonly acknowledged = new Set<number>();
  /** Answers other than 202, 503 or none: the tests expect none. */
  readonly unexpected: string[] = [];
  /** Requests sent, resends included. */
  sends = 0;
  private readonly pending: number[] = [];
  private nextNew = 0;
  private readonly start = Date.now() - 60_000;

  constructor(private readonly o: { apiKey: string; batches: number; perBatch: number; clients: number }) {}

  /**
   * One round against the node at `url`: `clients` post batches until none is
   * left or `onAcknowledged` (told the number of batches acknowledged so far,
   * until it returns a kill) starts a kill; then each client stops after its
   * request in flight, and the round ends once the kill has.
   */
  async round(url: string, onAcknowledged: (acknowledged: number) => Promise<unknown> | null = () => null): Promise<void> {
    let killing = null as Promise<unknown> | null; // assigned in the clients' callbacks
    const client = async () => {
      for (;;) {
        if (killing) return;
        const b = this.pending.shift() ?? (this.nextNew < this.o.batches ? this.nextNew++ : undefined);
        if (b === undefined) return;
        this.sends++;
        let status = 0;
        try {
          const res = await fetch(`${url}/v1/events`, {
            method: 'POST',
            headers: { authorization: `Bearer ${this.o.apiKey}`, 'content-type': 'application/json' },
            body: this.body(b),
          });
          status = res.status;
          await res.arrayBuffer();
        } catch {
          // No answer (the process is gone): not acknowledged, sent again after the restart.
        }
        if (status === 202) {
          this.acknowledged.add(b);
          if (!killing) killing = onAcknowledged(this.acknowledged.size);
        } else {
          this.pending.push(b);
          if (status !== 0 && status !== 503) this.unexpected.push(`batch ${b}: ${status}`);
          if (status !== 503) return;
        }
      }
    };
    await Promise.all(Array.from({ length: this.o.clients }, client));
    await killing;
  }

  private body(b: number): string {
    const { perBatch } = this.o;
    return JSON.stringify({
      events: Array.from({ length: perBatch }, (_, i) => ({
        type: 'session_start',
        session_id: `b${b}`,
        user_id: `u${b}`,
        occurred_at: new Date(this.start + b * perBatch + i).toISOString(),
      })),
    });
  }
}
