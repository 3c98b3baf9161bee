import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchTarget } from './child.js';
import { metric, scrapeMetrics } from './service-metrics.js';

const MB = 2 ** 20;
/** Users whose first pages are asked for: lists added, enough that a list's bytes stand out of the heap's noise. */
const USERS = 3000;
const CONCURRENCY = 8;

interface HeapReading {
  /** The HTTP thread's heap in use right after a full collection. */
  heapBytes: number;
  rssBytes: number;
  lists: number;
}

/**
 * The memory ranked lists hold (issue 15: "report MB per 10,000 active users"):
 * the HTTP thread's heap, measured right after a full collection, before and
 * after `USERS` registered users with histories ask for their first page; the
 * difference per list held, scaled to 10,000. The node writes a heap snapshot
 * on SIGUSR2 (feed-node.ts), which collects garbage first; the snapshot itself
 * is deleted. The ranking threads' per-user state (the users whose lists follow
 * new content) is in RSS, reported beside it.
 */
export async function listMemory(feed: BenchTarget, firstUser: number): Promise<string> {
  const before = await readHeap(feed);
  let next = firstUser;
  const ask = async () => {
    while (next < firstUser + USERS) {
      const user = next++;
      const response = await fetch(`${feed.url}&user_id=user_${user}`, { headers: feed.headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET /v1/feed for user_${user}: ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, ask));
  const after = await readHeap(feed);
  const added = after.lists - before.lists;
  const per10k = (bytes: number) => ((bytes / added) * 10_000) / MB;
  return (
    `${added.toLocaleString('en')} lists added (${before.lists.toLocaleString('en')} → ${after.lists.toLocaleString('en')}): ` +
    `HTTP thread heap after a full collection ${(before.heapBytes / MB).toFixed(0)} → ${(after.heapBytes / MB).toFixed(0)} MB, ` +
    `${per10k(after.heapBytes - before.heapBytes).toFixed(1)} MB per 10,000 lists; RSS ` +
    `${(before.rssBytes / MB).toFixed(0)} → ${(after.rssBytes / MB).toFixed(0)} MB, ` +
    `${per10k(after.rssBytes - before.rssBytes).toFixed(1)} MB per 10,000`
  );
}

async function readHeap(feed: BenchTarget): Promise<HeapReading> {
  const dir = feed.info.dataDir!;
  const snapshots = () => readdirSync(dir).filter((f) => f.endsWith('.heapsnapshot'));
  const known = new Set(snapshots());
  feed.child.kill('SIGUSR2');
  // The snapshot is written synchronously on the HTTP thread: the file is complete once /metrics answers again.
  let file: string | undefined;
  for (let waited = 0; !file; waited += 100) {
    if (waited > 120_000) throw new Error('no heap snapshot after SIGUSR2');
    await sleep(100);
    file = snapshots().find((f) => !known.has(f));
  }
  const scrape = await scrapeMetrics(feed.info.baseUrl!);
  const size = statSync(path.join(dir, file)).size;
  rmSync(path.join(dir, file));
  if (size === 0) throw new Error('empty heap snapshot');
  return {
    heapBytes: metric(scrape, 'nodejs_heap_size_used_bytes') ?? NaN,
    rssBytes: metric(scrape, 'process_resident_memory_bytes') ?? NaN,
    lists: metric(scrape, 'feed_ranked_lists', 'max') ?? NaN,
  };
}
