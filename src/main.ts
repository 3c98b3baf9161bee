#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CliError } from './cli/cli-error.js';
import { ConfigError, loadConfig } from './config.js';

const USAGE = `usage: content-feed <command> [--help]

  serve [--demo] [--no-workers]
                     start the API, with the background workers unless --no-workers
                     (--demo seeds a demo tenant and content into an empty database)
  worker             run the background workers only (events, crawling, push jobs, webhooks)
  migrate            apply database migrations and exit
  admin …            call the operator admin API (content-feed admin --help)

  --help, -h         this help (on any command: that command's help; nothing is run)
  --version          the version of content-feed

Configuration is read from environment variables (and .env); see docs/configuration.md.`;

const COMMAND_USAGE: Record<string, string> = {
  serve: `usage: content-feed serve [--demo] [--no-workers]

Migrates the database, then serves the API (PORT, HOST) and runs the background
workers in the same process.

  --demo             seed a demo tenant, console users and crawled content into an empty database
  --no-workers       answer requests only; run \`content-feed worker\` processes for the background work

SIGTERM or SIGINT drains requests and exits (docs/operations.md).`,
  worker: `usage: content-feed worker

Runs the background workers only (event processing, crawling, push jobs, webhook
deliveries), beside \`serve --no-workers\` API nodes. WORKER_METRICS_PORT serves
/healthz, /readyz and /metrics.`,
  migrate: `usage: content-feed migrate

Applies the database migrations (DATABASE_URL) and exits.`,
};

/** package.json sits one directory above both src/main.ts and dist/main.js. */
function version(): string {
  const file = new URL('../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

const wantsHelp = (args: string[]) => args.some((a) => a === '--help' || a === '-h');

/** Refuses unknown flags, so a typo is not started as a server. */
function flagsOf(command: string, args: string[], booleans: string[]): Record<string, boolean> | null {
  try {
    const options = Object.fromEntries(booleans.map((name) => [name, { type: 'boolean' as const }]));
    return parseArgs({ args, options, allowPositionals: false }).values as Record<string, boolean>;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${COMMAND_USAGE[command]}\n`);
    return null;
  }
}

/**
 * Each command's module is imported when it runs: `admin …` loads the HTTP
 * client only, not the server (Fastify, the database drivers, the ranking
 * engine), and `--help` loads nothing.
 */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return command === undefined ? 2 : 0;
  }
  if (command === '--version') {
    process.stdout.write(`content-feed ${version()}\n`);
    return 0;
  }
  if (command === 'admin') {
    const { admin, adminHelp } = await import('./cli/admin.js');
    // Help needs no configuration: it answers even where the environment is incomplete.
    const help = adminHelp(rest);
    if (help !== null) {
      process.stdout.write(`${help}\n`);
      return 0;
    }
    return admin(loadConfig(), rest);
  }
  if (!(command in COMMAND_USAGE)) {
    process.stderr.write(`unknown command: ${command}\n\n${USAGE}\n`);
    return 2;
  }
  if (wantsHelp(rest)) {
    process.stdout.write(`${COMMAND_USAGE[command]}\n`);
    return 0;
  }
  const flags = flagsOf(command, rest, command === 'serve' ? ['demo', 'no-workers'] : []);
  if (flags === null) return 2;
  const config = loadConfig();
  switch (command) {
    case 'serve': {
      // The ranking threads first: they start while this thread loads the server (cli/early-ranking.ts).
      const { startRankingEarly } = await import('./cli/early-ranking.js');
      const earlyRanking = startRankingEarly(config);
      const { serve } = await import('./cli/serve.js');
      await serve(config, { demo: flags.demo === true, workers: flags['no-workers'] !== true, earlyRanking });
      return -1; // keeps running until a signal
    }
    case 'worker': {
      const { worker } = await import('./cli/worker.js');
      await worker(config);
      return -1;
    }
    default: {
      const { migrate } = await import('./cli/migrate.js');
      await migrate(config);
      return 0;
    }
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    const expected = error instanceof ConfigError || error instanceof CliError;
    process.stderr.write(
      expected ? `${error.message}\n` : `fatal: ${(error instanceof Error ? error.stack : undefined) ?? String(error)}\n`,
    );
    process.exit(1);
  },
);
