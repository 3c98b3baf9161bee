import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { baseUrlOf, type Config } from '../config.js';
import { str, type AdminRequest, type Commands } from './admin-commands/admin-args.js';
import { CONTENT_COMMANDS } from './admin-commands/content-commands.js';
import { EXPERIMENT_COMMANDS } from './admin-commands/experiment-commands.js';
import { OPERATOR_COMMANDS } from './admin-commands/operator-commands.js';
import { TENANT_COMMANDS } from './admin-commands/tenant-commands.js';
import { CliError } from './cli-error.js';

/** Every admin command maps to one admin API call (docs/admin-api.md lists them), a file per group. */
const COMMANDS: Commands = { ...TENANT_COMMANDS, ...EXPERIMENT_COMMANDS, ...CONTENT_COMMANDS, ...OPERATOR_COMMANDS };

function usage(): string {
  return [
    'usage: content-feed admin COMMAND [--url BASE_URL]',
    '',
    ...Object.values(COMMANDS).map(([u]) => `  ${u}`),
    '',
    'Calls the admin API of a running service (--url, else PUBLIC_BASE_URL or http://HOST:PORT) with',
    'ADMIN_TOKEN, else the token the server wrote to DATA_DIR/admin-token. --help on any command prints its usage.',
  ].join('\n');
}

/**
 * The help `argv` asks for (`admin --help`, `admin tenants --help`, `admin
 * tenants create -h`), or null when it asks for none. Help is printed before
 * anything is parsed or read: it never calls the service or asks for a password.
 */
export function adminHelp(argv: string[]): string | null {
  const asked = argv[0] === 'help' || argv.some((a) => a === '--help' || a === '-h');
  if (!asked) return null;
  const [resource, action] = argv.filter((a) => !a.startsWith('-') && a !== 'help');
  const command = COMMANDS[`${resource} ${action}`];
  if (command) return `usage: content-feed admin ${command[0]} [--url BASE_URL]`;
  const group = Object.entries(COMMANDS).filter(([name]) => name.startsWith(`${resource} `));
  if (group.length > 0) return ['usage:', ...group.map(([, [u]]) => `  content-feed admin ${u}`)].join('\n');
  return usage();
}

/** The operator token: ADMIN_TOKEN, else the file the server wrote on its first start (never created here). */
function operatorToken(config: Config): string {
  if (config.adminToken) return config.adminToken;
  const file = path.join(config.dataDir, 'admin-token');
  if (!existsSync(file)) {
    throw new CliError(
      `no operator token: ADMIN_TOKEN is not set and ${file} does not exist ` +
        '(set ADMIN_TOKEN, or DATA_DIR to the directory of the server that wrote it)',
    );
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * Sends one admin request with the operator's token (only the body members
 * given, so PATCH changes only those), and prints the JSON answer: standard
 * output and 0 when it succeeded, standard error and 1 when not. A connection
 * failure is said as what to check.
 */
async function send(baseUrl: string, token: string, request: AdminRequest): Promise<number> {
  const body = compact(request.body);
  let response: Response;
  try {
    response = await fetch(baseUrl + request.path, {
      method: request.method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    const code = ((error as { cause?: { code?: string } }).cause ?? {}).code;
    throw new CliError(`cannot reach ${baseUrl}: is the server running? (--url)${code ? ` [${code}]` : ''}`);
  }
  const text = await response.text();
  const out = text ? JSON.stringify(JSON.parse(text), null, 2) : `${response.status} ${response.statusText}`;
  (response.ok ? process.stdout : process.stderr).write(`${out}\n`);
  return response.ok ? 0 : 1;
}

/** Drops undefined members so PATCH sends only what was given. */
function compact(body: unknown): unknown {
  return body && typeof body === 'object' && !Array.isArray(body)
    ? Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined))
    : body;
}

/** `content-feed admin …`: calls the admin API of a running service and prints the JSON answer. */
export async function admin(config: Config, argv: string[]): Promise<number> {
  const names = [
    'confirm',
    'reason',
    'hidden',
    'source',
    'area',
    'q',
    'url',
    'name',
    'plan',
    'rate',
    'cap',
    'anchor-day',
    'json',
    'type',
    'algorithm',
    'feed-url',
    'trust',
    'language',
    'category',
    'active',
    'from',
    'to',
    'interval',
    'mode',
    'level',
    'status',
    'limit',
    'cursor',
    'email',
    'role',
    'tenant',
    'password',
    'variant',
  ];
  const options: Record<string, { type: 'string' | 'boolean' }> = {
    ...Object.fromEntries(names.map((n) => [n, { type: 'string' as const }])),
    wait: { type: 'boolean' },
    'no-default-scenarios': { type: 'boolean' },
    reassign: { type: 'boolean' },
  };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${usage()}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [resource, action, ...args] = positionals;
  const command = COMMANDS[`${resource} ${action}`];
  if (!command) {
    process.stderr.write(`${resource === undefined ? '' : `unknown admin command: ${positionals.slice(0, 2).join(' ')}\n\n`}${usage()}\n`);
    return 2;
  }
  let request: AdminRequest;
  try {
    request = command[1](args, values);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  return send(str(values.url) ?? baseUrlOf(config), operatorToken(config), request);
}

/** Every `admin` subcommand, as `resource action` (docs/admin-api.md lists them). */
export const ADMIN_COMMANDS = Object.keys(COMMANDS);
