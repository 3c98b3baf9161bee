import { readdirSync, readFileSync } from 'node:fs';
import { metric, scrapeMetrics } from './service-metrics.js';

/**
 * A long-running server watched from outside, every few seconds: its RSS
 * (VmRSS) and open file descriptors (/proc/<pid>/fd, Linux only), and the HTTP
 * thread's event-loop delay from its /metrics (the service resets that window
 * on each scrape, so each sample covers the time since the previous one), and
 * the ranked lists it holds (its largest cache, bounded by FEED_LIST_CAPACITY),
 * so RSS that grows with them is told from RSS that grows by itself.
 */
export interface ProcessSample {
  /** performance.now() ms of this process. */
  at: number;
  rssMb: number;
  /** RssAnon: the heap-like part of RSS (file-backed pages, e.g. mapped code, are the rest). */
  rssAnonMb: number;
  /** The HTTP thread's V8 heap in use (nodejs_heap_size_used_bytes); the other threads' heaps are in RssAnon only. */
  heapMb: number;
  fds: number;
  /** event_loop_delay_p99_seconds / _max_seconds of the interval, in ms; NaN when /metrics did not answer. */
  loopP99Ms: number;
  loopMaxMs: number;
  /** feed_ranked_lists; NaN when /metrics did not answer. */
  lists: number;
}

function statusMb(pid: number, field: 'VmRSS' | 'RssAnon'): number {
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return kb ? Number(kb[1]) / 1024 : NaN;
}

const openFds = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

async function sample(pid: number, baseUrl: string): Promise<ProcessSample> {
  const at = performance.now();
  const [rss, rssAnon, fds] = [statusMb(pid, 'VmRSS'), statusMb(pid, 'RssAnon'), openFds(pid)];
  try {
    const scrape = await scrapeMetrics(baseUrl);
    const ms = (name: string) => (metric(scrape, name, 'max') ?? NaN) * 1000;
    const lists = metric(scrape, 'feed_ranked_lists', 'max') ?? NaN;
    const heapMb = (metric(scrape, 'nodejs_heap_size_used_bytes', 'max') ?? NaN) / 2 ** 20;
    return {
      at,
      rssMb: rss,
      rssAnonMb: rssAnon,
      heapMb,
      fds,
      loopP99Ms: ms('event_loop_delay_p99_seconds'),
      loopMaxMs: ms('event_loop_delay_max_seconds'),
      lists,
    };
  } catch {
    return { at, rssMb: rss, rssAnonMb: rssAnon, heapMb: NaN, fds, loopP99Ms: NaN, loopMaxMs: NaN, lists: NaN };
  }
}

/** Samples `pid` every `everyMs` until stop() is called; stop() returns the samples, one taken at the stop included. */
export function watchProcess(pid: number, baseUrl: string, everyMs: number): { stop(): Promise<ProcessSample[]> } {
  const samples: ProcessSample[] = [];
  let pending = sample(pid, baseUrl).then((s) => void samples.push(s));
  const timer = setInterval(() => {
    pending = pending.then(() => sample(pid, baseUrl)).then((s) => void samples.push(s));
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await pending;
      samples.push(await sample(pid, baseUrl));
      return samples;
    },
  };
}

/** The least-squares slope of y over x. */
export function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxx === 0 ? NaN : sxy / sxx;
}
