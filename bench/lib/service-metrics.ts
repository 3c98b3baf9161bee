/**
 * The service's /metrics, read between measured windows. Metrics that a version
 * of the service does not expose read as undefined and print as "n/a": the
 * benchmark runs on the code before and after a change.
 */
export type Scrape = Map<string, number[]>;

/** Every sample of the Prometheus text by metric name (all label sets; histogram series under their own names). */
export async function scrapeMetrics(baseUrl: string): Promise<Scrape> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const samples: Scrape = new Map();
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!match) continue; // comments, blank lines
    // Under its name (all label sets) and under name{labels} (one of them).
    for (const key of match[2] ? [match[1]!, `${match[1]}${match[2]}`] : [match[1]!]) {
      const list = samples.get(key) ?? [];
      list.push(Number(match[3]));
      samples.set(key, list);
    }
  }
  return samples;
}

/** A counter summed over its label sets, or a gauge's largest value; undefined when absent. */
export function metric(scrape: Scrape, name: string, how: 'sum' | 'max' = 'sum'): number | undefined {
  const values = scrape.get(name);
  if (!values?.length) return undefined;
  return how === 'sum' ? values.reduce((a, b) => a + b, 0) : Math.max(...values);
}

/** A counter's increase between two scrapes. */
export function increase(before: Scrape, after: Scrape, name: string): number | undefined {
  const [a, b] = [metric(before, name), metric(after, name)];
  return a === undefined || b === undefined ? undefined : b - a;
}

/** prom-client samples its event-loop delay every 10 ms (collectDefaultMetrics' default) and reports the interval. */
const PROM_CLIENT_RESOLUTION_S = 0.01;
const ms = (seconds: number) => `${(seconds * 1000).toFixed(seconds < 0.01 ? 2 : 1)} ms`;

/**
 * The HTTP thread's event-loop delay over the window since the previous scrape:
 * the service's `event_loop_delay_p99_seconds` / `_max_seconds` (issue 15), and
 * prom-client's default `nodejs_eventloop_lag_p99_seconds` / `_max_seconds`
 * (also reset by each scrape) less its 10 ms sampling interval, when present.
 */
export function eventLoopDelay(after: Scrape): string {
  const p99 = metric(after, 'event_loop_delay_p99_seconds', 'max');
  const max = metric(after, 'event_loop_delay_max_seconds', 'max');
  const own =
    p99 === undefined && max === undefined
      ? 'n/a'
      : `p99 ${p99 === undefined ? 'n/a' : ms(p99)}, max ${max === undefined ? 'n/a' : ms(max)}`;
  const lagP99 = metric(after, 'nodejs_eventloop_lag_p99_seconds', 'max');
  const lagMax = metric(after, 'nodejs_eventloop_lag_max_seconds', 'max');
  const fallback =
    lagP99 === undefined || lagMax === undefined
      ? ''
      : ` (prom-client nodejs_eventloop_lag: p99 ${ms(Math.max(0, lagP99 - PROM_CLIENT_RESOLUTION_S))}, max ` +
        `${ms(Math.max(0, lagMax - PROM_CLIENT_RESOLUTION_S))} beyond its 10 ms tick)`;
  return `${own}${fallback}`;
}

/**
 * Rankings done in the window: their wall time in the ranking threads (Δ feed_ranking_seconds_total,
 * which includes waiting for a core on a busy machine) and the threads' CPU (Δ
 * feed_ranking_thread_cpu_seconds_total: rankings, sweeps and pool refreshes) per ranking.
 */
export function rankingCost(before: Scrape, after: Scrape, pages: number): string {
  const count = increase(before, after, 'feed_rankings_total');
  const seconds = increase(before, after, 'feed_ranking_seconds_total');
  const cpu = increase(before, after, 'feed_ranking_thread_cpu_seconds_total');
  if (count === undefined) return 'n/a';
  const each = seconds === undefined || count === 0 ? 'n/a' : ms(seconds / count);
  const cpuEach = cpu === undefined || count === 0 ? 'n/a' : ms(cpu / count);
  const cpuPage = cpu === undefined || pages === 0 ? 'n/a' : ms(cpu / pages);
  const reasons = ['list', 'continuation', 'push']
    .map((reason) => [reason, increase(before, after, `feed_rankings_total{reason="${reason}"}`)] as const)
    .filter(([, n]) => n !== undefined && n > 0)
    .map(([reason, n]) => `${reason} ${n}`);
  const why = reasons.length > 0 ? ` [${reasons.join(', ')}]` : '';
  const perPage = pages > 0 ? (count / pages).toFixed(2) : '–';
  return (
    `${count.toLocaleString('en')} rankings${why} (${perPage} per page served), ${each} wall each; ` +
    `ranking threads' CPU ${cpuEach} per ranking, ${cpuPage} per page`
  );
}

/** The threads a node reports CPU for (src/metrics/runtime-gauges.ts); the HTTP thread is the process less these. */
const THREAD_CPU = [
  ['ranking', 'feed_ranking_thread_cpu_seconds_total'],
  ['user states', 'user_state_thread_cpu_seconds_total'],
  ['worker', 'worker_thread_cpu_seconds_total'],
  ['event writer', 'event_thread_cpu_seconds_total'],
] as const;

/**
 * The node's CPU per page by thread over the window: each thread's
 * `*_thread_cpu_seconds_total`, and the HTTP thread as process CPU less them
 * (libuv's pool, GC helpers and the JIT's threads count there too).
 */
export function cpuByThread(before: Scrape, after: Scrape, pages: number): string {
  const process = increase(before, after, 'process_cpu_seconds_total');
  if (process === undefined || pages === 0) return 'n/a';
  const threads = THREAD_CPU.map(([name, metricName]) => [name, increase(before, after, metricName) ?? 0] as const);
  const http = process - threads.reduce((sum, [, s]) => sum + s, 0);
  const per = (s: number) => `${((s * 1000) / pages).toFixed(3)} ms`;
  return [`HTTP thread and the rest ${per(http)}`, ...threads.filter(([, s]) => s > 0).map(([name, s]) => `${name} ${per(s)}`)].join(', ');
}

/**
 * A histogram's quantile over the window, from its cumulative buckets' increases
 * (the upper bound of the bucket it falls in, as Prometheus' histogram_quantile
 * would interpolate less): undefined when it has no observations.
 */
export function histogramQuantile(
  before: Scrape,
  after: Scrape,
  name: string,
  labels: string,
  q: number,
): { le: number; count: number } | undefined {
  const count = increase(before, after, `${name}_count{${labels}}`);
  if (count === undefined || count === 0) return undefined;
  const bounds = [...after.keys()]
    .map((key) => new RegExp(`^${name}_bucket\\{(?:${labels},)?le="([^"]+)"(?:,${labels})?\\}$`).exec(key))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ key: m[0], le: m[1] === '+Inf' ? Infinity : Number(m[1]) }))
    .sort((a, b) => a.le - b.le);
  for (const { key, le } of bounds) if ((increase(before, after, key) ?? 0) >= q * count) return { le, count };
  return undefined;
}

/** How long requests' rankings waited for a ranking thread (feed_ranking_wait_seconds{for="request"}), p50 and p99 as bucket bounds. */
export function rankingWait(before: Scrape, after: Scrape): string {
  const parts = (['request', 'background'] as const).map((who) => {
    const p50 = histogramQuantile(before, after, 'feed_ranking_wait_seconds', `for="${who}"`, 0.5);
    const p99 = histogramQuantile(before, after, 'feed_ranking_wait_seconds', `for="${who}"`, 0.99);
    if (p50 === undefined || p99 === undefined) return null;
    return `${who} (${p50.count.toLocaleString('en')}): p50 ≤ ${ms(p50.le)}, p99 ≤ ${ms(p99.le)}`;
  });
  const known = parts.filter((p) => p !== null);
  return known.length === 0 ? 'n/a' : known.join('; ');
}
