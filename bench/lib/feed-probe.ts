/**
 * Feed requests at a steady rate (open loop: one every 1000 / rate ms, whether
 * or not the last has answered), each for a random one of `users` registered
 * users, first page; `stop()` resolves with every latency in ms (a request
 * that failed counts as its time to fail, and is counted apart).
 */
export function probeFeed(
  base: string,
  headers: Record<string, string>,
  scenario: string,
  users: number,
  rate: number,
): { stop(): Promise<{ latencies: number[]; failed: number }> } {
  const latencies: number[] = [];
  let failed = 0;
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const userId = `user_${1 + Math.floor(Math.random() * users)}`;
    const started = performance.now();
    const request = fetch(`${base}/v1/feed?scenario=${scenario}&user_id=${userId}&limit=20`, { headers })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status !== 200) failed += 1;
      })
      .catch(() => {
        failed += 1;
      })
      .finally(() => {
        latencies.push(performance.now() - started);
        pending.delete(request);
      });
    pending.add(request);
  }, 1000 / rate);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all([...pending]);
      return { latencies, failed };
    },
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
