#!/usr/bin/env node
import { admin } from './cli/admin.js';
import { migrate } from './cli/migrate.js';
import { serve } from './cli/serve.js';
import { worker } from './cli/worker.js';
import { ConfigError, loadConfig } from './config.js';

const USAGE = `usage: content-feed <command>

  serve [--demo] [--no-workers]
                     start the API, with the background workers unless --no-workers
                     (--demo seeds a demo tenant and content into an empty database)
  worker             run the background workers only (events, crawling, push jobs, webhooks)
  migrate            apply database migrations and exit
  admin …            call the operator admin API (content-feed admin --help)

Configuration is read from environment variables (and .env); see docs/configuration.md.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return command === undefined ? 2 : 0;
  }
  const config = loadConfig();
  switch (command) {
    case 'serve':
      await serve(config, { demo: rest.includes('--demo'), workers: !rest.includes('--no-workers') });
      return -1; // keeps running until a signal
    case 'worker':
      await worker(config);
      return -1;
    case 'migrate':
      await migrate(config);
      return 0;
    case 'admin':
      return admin(config, rest);
    default:
      process.stderr.write(`unknown command: ${command}\n${USAGE}\n`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(error instanceof ConfigError ? `${error.message}\n` : `fatal: ${(error as Error).stack ?? error}\n`);
    process.exit(1);
  },
);
