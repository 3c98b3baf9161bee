const SHUTDOWN_LIMIT_MS = 25_000;

/**
 * On SIGTERM or SIGINT: runs `close` once and exits 0, or 1 when it fails or
 * takes longer than 25 s (an orchestrator's grace period is usually 30 s).
 */
export function exitOnSignals(
  log: { info(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void },
  what: string,
  close: () => Promise<void>,
): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, `shutting down: ${what}`);
    const timer = setTimeout(() => {
      log.error({}, `shutdown took longer than ${SHUTDOWN_LIMIT_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    timer.unref();
    try {
      await close();
      // The last line of a clean stop: a log that ends without it ended in a crash or a kill.
      log.info({ signal }, 'stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
