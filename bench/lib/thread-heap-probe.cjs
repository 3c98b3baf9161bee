// Issue 17: each thread's heap, for the soak. Preload it into `content-feed serve` with
// NODE_OPTIONS="--require $PWD/bench/lib/thread-heap-probe.cjs" PROBE_DIR=DIR (absolute paths: serve runs in its
// DATA_DIR): every PROBE_EVERY_MS (10 s) each thread (the HTTP thread and every worker thread) appends a JSON line
// to DIR/heap.jsonl with its v8.getHeapStatistics() and ArrayBuffer bytes; `touch DIR/snap-<threadId>` asks that
// thread for a heap snapshot at its next tick (it blocks the thread meanwhile: minutes for a ranking thread).
/* eslint-disable @typescript-eslint/no-require-imports -- a --require preload is CommonJS, loaded before any ES module */
const fs = require('node:fs');
const v8 = require('node:v8');
const wt = require('node:worker_threads');

const dir = process.env.PROBE_DIR;
if (dir && process.argv.includes('serve') && wt.isMainThread) {
  // Node 20 runs no preload in worker threads: every thread is started through a bootstrap that loads this file first.
  const Original = wt.Worker;
  wt.Worker = class ProbedWorker extends Original {
    constructor(entry, options = {}) {
      if (options.eval) super(`require(${JSON.stringify(__filename)});\n${entry}`, options);
      else super(`require(${JSON.stringify(__filename)}); import(${JSON.stringify(String(entry))});`, { ...options, eval: true });
    }
  };
  require('node:module').syncBuiltinESMExports();
}
if (dir && (process.argv.includes('serve') || !wt.isMainThread)) {
  // A thread is told by its workerData's keys (the ranking thread's are databaseUrl,dimensions,maxWatches).
  const keys = wt.isMainThread ? 'main' : Object.keys(wt.workerData ?? {}).join(',');
  let snapshotAt = 0;
  const tick = () => {
    const h = v8.getHeapStatistics();
    const line = {
      t: Date.now(),
      pid: process.pid,
      tid: wt.threadId,
      keys,
      used: h.used_heap_size,
      total: h.total_heap_size,
      ext: h.external_memory,
      malloced: h.malloced_memory,
      ab: process.memoryUsage().arrayBuffers,
    };
    fs.appendFileSync(`${dir}/heap.jsonl`, `${JSON.stringify(line)}\n`);
    const ask = `${dir}/snap-${wt.threadId}`;
    if (fs.existsSync(ask) && fs.statSync(ask).mtimeMs > snapshotAt) {
      snapshotAt = Date.now();
      v8.writeHeapSnapshot(`${dir}/t${wt.threadId}-${snapshotAt}.heapsnapshot`);
    }
  };
  setInterval(tick, Number(process.env.PROBE_EVERY_MS ?? 10_000)).unref();
  tick();
}
