import type { Kysely } from 'kysely';
import type { DocumentFrequencies } from '../analysis/document-frequencies.js';
import type { AreaDirectory } from '../areas/area-directory.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { saveTermStats } from './term-stats-repo.js';

/** How often learned term statistics are saved, and other nodes' area imports picked up. */
const SYNC_INTERVAL_MS = 60_000;

/**
 * What the analysis of articles shares with other processes through the
 * database, every minute and once more at close: the gazetteer is re-read
 * (another node's area import), and a worker saves the term statistics it
 * learned. Only a worker saves them: an API node learns only from the odd
 * direct ingest and would overwrite the worker's richer statistics.
 */
export class CorpusSync {
  private timer: NodeJS.Timeout | null = null;
  private savesTermStats = false;
  private savedDocuments: number;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      clock: Clock;
      areas: AreaDirectory;
      termStats: DocumentFrequencies;
      log: { error(obj: unknown, msg: string): void };
    },
  ) {
    this.savedDocuments = deps.termStats.documents;
  }

  /** Syncs every minute; `worker`: this process saves the term statistics too. */
  start(options: { worker: boolean }): void {
    this.savesTermStats ||= options.worker;
    if (this.timer) return;
    this.timer = setInterval(() => void this.syncLogged(), SYNC_INTERVAL_MS);
    this.timer.unref();
  }

  /** Stops the timer and syncs a last time. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.syncLogged();
  }

  private async syncLogged(): Promise<void> {
    await this.sync().catch((err: unknown) => this.deps.log.error({ err }, 'saving term statistics failed'));
  }

  private async sync(): Promise<void> {
    const { db, clock, areas, termStats } = this.deps;
    await areas.refresh(db);
    if (!this.savesTermStats || termStats.documents === this.savedDocuments) return;
    this.savedDocuments = termStats.documents;
    await saveTermStats(db, termStats, clock.now());
  }
}
