import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * The event-loop delay, in seconds, over a window that each scrape closes:
 * prom-client's `nodejs_eventloop_lag_*` cover the whole life of the process, in
 * which a stall of a few seconds an hour ago and one now look the same. The first
 * gauge read in a scrape takes the window's numbers and resets the histogram; the
 * other gauge, read in the same turn, gets the same numbers. Each sample is the
 * time between two ticks of a 1 ms timer, so an idle loop reads ≈ 1 ms; Node does
 * not record the tick interval in which the histogram was reset (≈ 1 ms after
 * each scrape goes unseen).
 */
export function eventLoopDelaySinceLastScrape(): () => { p99: number; max: number } {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  let taken: { p99: number; max: number } | null = null;
  return () => {
    if (taken) return taken;
    // Nanoseconds; both are 0 when no sample was taken (the window was shorter than the resolution).
    taken = { p99: histogram.percentile(99) / 1e9, max: histogram.max / 1e9 };
    histogram.reset();
    // A scrape reads every metric in one synchronous pass: the next scrape reads afresh.
    queueMicrotask(() => {
      taken = null;
    });
    return taken;
  };
}
