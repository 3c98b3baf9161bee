/**
 * Renews a lease every third of its length until stopped; `lost` aborts when
 * a renewal finds the lease taken (a failed renewal is logged and tried again
 * at the next tick: the lease has two more thirds to go).
 */
export function keepLease(
  renew: () => Promise<boolean>,
  leaseMs: number,
  onError: (err: unknown) => void,
): { lost: AbortSignal; stop(): void } {
  const lost = new AbortController();
  const timer = setInterval(
    () => {
      renew()
        .then((held) => held || lost.abort())
        .catch(onError);
    },
    Math.max(100, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  return { lost: lost.signal, stop: () => clearInterval(timer) };
}
