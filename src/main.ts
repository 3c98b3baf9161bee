#!/usr/bin/env node
import { admin } from './cli/admin.js';
import { migrate } from './cli/migrate.js';
import { serve } from './cli/serve.js';
import { ConfigError, loadConfig } from './config.js';

const USAGE = `usage: content-feed <command>

  serve [--demo]     start the API (--demo seeds a demo tenant and content into an empty database)
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
      await serve(config, { demo: rest.includes('--demo') });
      return -1; // keeps running until a signal
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
