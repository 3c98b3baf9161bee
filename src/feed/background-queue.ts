/**
 * Work done in the background, at most `limit` at once, each item queued once
 * (the feed's re-rankings: a list is re-ranked once however many changes asked
 * for it while it waited).
 */
export class BackgroundQueue<T> {
  private readonly waiting: T[] = [];
  private readonly queued = new Set<T>();
  private running = 0;

  constructor(
    /** Runs one item; undefined when it no longer needs running (a list evicted while it waited). */
    private readonly run: (item: T) => Promise<unknown> | undefined,
    private readonly limit: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Nothing is queued or running. */
  get idle(): boolean {
    return this.running === 0 && this.waiting.length === 0;
  }

  add(item: T): void {
    if (this.queued.has(item)) return;
    this.queued.add(item);
    this.waiting.push(item);
    this.pump();
  }

  has(item: T): boolean {
    return this.queued.has(item);
  }

  private pump(): void {
    while (this.running < this.limit && this.waiting.length > 0) {
      const item = this.waiting.shift()!;
      this.queued.delete(item);
      const running = this.run(item);
      if (running === undefined) continue;
      this.running++;
      running.catch(this.onError).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }
}
