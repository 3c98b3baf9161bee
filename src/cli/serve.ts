import { buildApp } from '../app.js';
import { baseUrlOf, type Config } from '../config.js';
import { createRuntime } from '../deps.js';
import { DEMO_CONSOLE_MEMBER, DEMO_CONSOLE_OPERATOR, seedDemo } from '../demo/seed-demo.js';
import type { EarlyRanking } from './early-ranking.js';
import { listenOn } from './listen.js';
import { exitOnSignals } from './shutdown.js';

/**
 * `content-feed serve [--demo] [--no-workers]`: migrate, (seed,) listen;
 * SIGTERM drains and exits. With `--no-workers` this node only answers
 * requests: `content-feed worker` processes do the background work.
 */
export async function serve(
  config: Config,
  options: { demo: boolean; workers: boolean; earlyRanking: EarlyRanking | null },
): Promise<void> {
  const runtime = await createRuntime(config, { startWorkers: options.workers, earlyRanking: options.earlyRanking });
  const { deps } = runtime;
  // Ranking threads load the pool while the rest starts (the app's routes first); lists follow new content from now on.
  deps.rankings.start();
  const app = await buildApp(deps);

  const demo = options.demo ? await seedDemo(deps) : null;
  if (options.workers) deps.pushWorker.warmUp();
  const address = await listenOn(app, config.port, config.host, 'PORT');
  runtime.setListenAddress(address);
  runtime.warmUp();
  const baseUrl = baseUrlOf(config, address);

  // Printed to stdout, not the log: these are for the person who started it.
  const lines = [`content-feed listening on ${address} (database: ${deps.dbKind}${options.workers ? '' : ', no workers'})`];
  if (runtime.adminTokenCreated) {
    lines.push(`Operator token (generated, stored in ${config.dataDir}/admin-token): ${deps.adminToken}`);
  } else if (options.demo) {
    lines.push(`Operator token: see ${config.dataDir}/admin-token (or ADMIN_TOKEN)`);
  }
  if (demo) {
    if (demo.seeded) {
      const stored = demo.crawls.reduce((sum, r) => sum + r.counts.new, 0);
      const failed = demo.crawls.filter((r) => r.status === 'failed').length;
      lines.push(
        `Demo site crawled: ${stored} articles from ${demo.crawls.length} sources` +
          (failed ? ` (${failed} crawls failed: see admin sources list)` : ''),
      );
    }
    lines.push(
      `Demo tenant ${demo.tenantId}${demo.seeded ? ' (seeded now)' : ''}`,
      `Demo API key: ${demo.apiKey}`,
      `Try: curl -H "Authorization: Bearer ${demo.apiKey}" ${baseUrl}/v1/contents/${demo.sampleContentId}`,
      `API reference: ${baseUrl}/docs`,
    );
    if (demo.consolePassword) {
      lines.push(`Console: ${baseUrl}/console (${DEMO_CONSOLE_MEMBER} or ${DEMO_CONSOLE_OPERATOR}, password ${demo.consolePassword})`);
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);

  exitOnSignals(deps.log, 'draining requests', async () => {
    await app.close();
    await runtime.close();
  });
}
