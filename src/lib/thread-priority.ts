import { setPriority } from 'node:os';

/**
 * The nice value of serve's worker thread (events, crawls, push jobs, webhooks,
 * learning): when the cores are short, the HTTP thread and the ranking threads
 * run first and the background work takes what is left; idle cores it still
 * uses in full. Issue 15 asks that a push job never hold the HTTP thread's
 * event loop past 5 ms nor a page past 10 ms, on the node that runs the job.
 */
export const BACKGROUND_NICE = 10;

/**
 * Lowers the calling thread's scheduling priority to `nice`, and that of the
 * threads it starts after. Linux keeps a nice value per thread: setpriority()
 * with pid 0 changes the calling thread only (sched(7), "the nice value is a
 * per-thread attribute"). Elsewhere the process would be niced as a whole, so
 * this does nothing there. Returns whether it took effect.
 */
export function lowerThisThreadsPriority(nice: number): boolean {
  if (process.platform !== 'linux') return false;
  try {
    setPriority(0, nice);
    return true;
  } catch {
    return false; // a container may forbid it; the thread then runs at the process's priority
  }
}
