import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { baseUrlOf, type Config } from '../config.js';
import { AreaFileError, parseAreaFile } from '../areas/area-file.js';
import { CliError } from './cli-error.js';

interface AdminRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

type Flags = Record<string, string | boolean | undefined>;

type Builder = (args: string[], flags: Flags) => AdminRequest;

const num = (value: string | boolean | undefined) => (typeof value === 'string' ? Number(value) : undefined);
const str = (value: string | boolean | undefined) => (typeof value === 'string' ? value : undefined);
/** `--cap none` removes a cap; a number sets it. */
const capOrNull = (value: string | boolean | undefined) => (value === 'none' ? null : num(value));
const jsonArg = (value: string | boolean | undefined): unknown => {
  if (typeof value !== 'string') throw new Error('--json takes a JSON document or @file');
  return JSON.parse(value.startsWith('@') ? readFileSync(value.slice(1), 'utf8') : value);
};
/**
 * A console user's password: `--password` (visible in the process list, so
 * for scripts on one's own machine), else CONSOLE_PASSWORD, else the first
 * line of standard input (`printf '%s\n' "$PW" | content-feed admin users create …`).
 * Never typed at a terminal: it would echo the password on the screen (and
 * into a recorded session), so a terminal on standard input is refused.
 */
const consolePassword = (flag: string | boolean | undefined): string => {
  if (typeof flag === 'string') return flag;
  const fromEnv = process.env.CONSOLE_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (process.stdin.isTTY) {
    throw new Error(
      'not reading the password from a terminal, which would show it as you type: ' +
        `pipe it (printf '%s\\n' "$PW" | content-feed admin users create …), set CONSOLE_PASSWORD, or give --password`,
    );
  }
  const line = readFileSync(0, 'utf8').split(/\r?\n/)[0] ?? '';
  if (line === '') throw new Error('no password: give --password, set CONSOLE_PASSWORD or write it to standard input');
  return line;
};
const need = (args: string[], n: number, usage: string) => {
  if (args.length < n) throw new Error(`usage: content-feed admin ${usage}`);
  return args.map(encodeURIComponent);
};

/** Every admin command maps to one admin API call (docs/admin-api.md lists them). */
const COMMANDS: Record<string, [string, Builder]> = {
  'tenants create': [
    'tenants create --name N --plan starter|professional|enterprise|custom [--rate N] [--cap CREDITS] [--anchor-day D] [--no-default-scenarios]',
    (_a, f) => ({
      method: 'POST',
      path: '/admin/v1/tenants',
      body: {
        name: str(f.name),
        plan: str(f.plan),
        rate_limit_rps: num(f.rate),
        usage_cap_credits: capOrNull(f.cap),
        billing_anchor_day: num(f['anchor-day']),
        // Without the flag the server gives the tenant the algorithm `default` and the scenarios `feed` and `push`.
        default_scenarios: f['no-default-scenarios'] ? false : undefined,
      },
    }),
  ],
  'tenants list': ['tenants list', () => ({ method: 'GET', path: '/admin/v1/tenants' })],
  'tenants get': ['tenants get TENANT', (a) => ({ method: 'GET', path: `/admin/v1/tenants/${need(a, 1, 'tenants get TENANT')[0]}` })],
  'tenants update': [
    'tenants update TENANT [--name N] [--plan P] [--rate N] [--cap CREDITS|none] [--anchor-day D]',
    (a, f) => ({
      method: 'PATCH',
      path: `/admin/v1/tenants/${need(a, 1, 'tenants update TENANT')[0]}`,
      body: {
        name: str(f.name),
        plan: str(f.plan),
        rate_limit_rps: num(f.rate),
        usage_cap_credits: capOrNull(f.cap),
        billing_anchor_day: num(f['anchor-day']),
      },
    }),
  ],
  'tenants delete': [
    'tenants delete TENANT --confirm TENANT  (the id again: everything of the tenant is deleted, the audit log kept)',
    (a, f) => {
      const [tenant] = need(a, 1, 'tenants delete TENANT --confirm TENANT');
      if (str(f.confirm) !== a[0])
        throw new Error(
          `not deleting: repeat the tenant's id to confirm (--confirm ${a[0]}); all of its data is deleted and cannot be restored`,
        );
      return { method: 'DELETE', path: `/admin/v1/tenants/${tenant}?confirm=${encodeURIComponent(a[0]!)}` };
    },
  ],
  'keys create': [
    'keys create TENANT [--name N]',
    (a, f) => ({ method: 'POST', path: `/admin/v1/tenants/${need(a, 1, 'keys create TENANT')[0]}/api-keys`, body: { name: str(f.name) } }),
  ],
  'keys list': ['keys list TENANT', (a) => ({ method: 'GET', path: `/admin/v1/tenants/${need(a, 1, 'keys list TENANT')[0]}/api-keys` })],
  'keys revoke': [
    'keys revoke TENANT KEY_ID',
    (a) => {
      const [tenant, key] = need(a, 2, 'keys revoke TENANT KEY_ID');
      return { method: 'DELETE', path: `/admin/v1/tenants/${tenant}/api-keys/${key}` };
    },
  ],
  'webhook set': [
    'webhook set TENANT URL',
    (a) => {
      const [tenant] = need(a, 2, 'webhook set TENANT URL');
      return { method: 'PUT', path: `/admin/v1/tenants/${tenant}/webhook`, body: { url: a[1] } };
    },
  ],
  'webhook remove': [
    'webhook remove TENANT',
    (a) => ({ method: 'DELETE', path: `/admin/v1/tenants/${need(a, 1, 'webhook remove TENANT')[0]}/webhook` }),
  ],
  'webhook deliveries': [
    'webhook deliveries TENANT [--status pending|delivered|failed|cancelled] [--limit N] [--cursor C]',
    (a, f) => {
      const query = new URLSearchParams(
        Object.entries({ status: str(f.status), limit: str(f.limit), cursor: str(f.cursor) }).filter(([, v]) => v !== undefined) as [
          string,
          string,
        ][],
      );
      return {
        method: 'GET',
        path: `/admin/v1/tenants/${need(a, 1, 'webhook deliveries TENANT')[0]}/webhook/deliveries${query.size ? `?${query.toString()}` : ''}`,
      };
    },
  ],
  'algorithms put': [
    'algorithms put TENANT ALGORITHM --json CONFIG|@file',
    (a, f) => {
      const [tenant, id] = need(a, 2, 'algorithms put TENANT ALGORITHM --json CONFIG');
      return { method: 'PUT', path: `/admin/v1/tenants/${tenant}/algorithms/${id}`, body: f.json === undefined ? {} : jsonArg(f.json) };
    },
  ],
  'algorithms list': [
    'algorithms list TENANT',
    (a) => ({ method: 'GET', path: `/admin/v1/tenants/${need(a, 1, 'algorithms list TENANT')[0]}/algorithms` }),
  ],
  'scenarios put': [
    'scenarios put TENANT SCENARIO --type feed|push --algorithm ALGORITHM',
    (a, f) => {
      const [tenant, name] = need(a, 2, 'scenarios put TENANT SCENARIO --type feed|push --algorithm ALGORITHM');
      return {
        method: 'PUT',
        path: `/admin/v1/tenants/${tenant}/scenarios/${name}`,
        body: { type: str(f.type), algorithm_id: str(f.algorithm) },
      };
    },
  ],
  'scenarios list': [
    'scenarios list TENANT',
    (a) => ({ method: 'GET', path: `/admin/v1/tenants/${need(a, 1, 'scenarios list TENANT')[0]}/scenarios` }),
  ],
  'experiments create': [
    'experiments create TENANT --json \'{"scenario": S, "variants": [{"name": N, "algorithm_id": A, "share": 0.5}, …]}\'|@file  (docs/experiments.md)',
    (a, f) => ({
      method: 'POST',
      path: `/admin/v1/tenants/${need(a, 1, 'experiments create TENANT --json SPEC')[0]}/experiments`,
      body: jsonArg(f.json),
    }),
  ],
  'experiments list': [
    'experiments list TENANT',
    (a) => ({ method: 'GET', path: `/admin/v1/tenants/${need(a, 1, 'experiments list TENANT')[0]}/experiments` }),
  ],
  'experiments get': [
    'experiments get TENANT EXPERIMENT  (with its results per variant)',
    (a) => {
      const [tenant, id] = need(a, 2, 'experiments get TENANT EXPERIMENT');
      return { method: 'GET', path: `/admin/v1/tenants/${tenant}/experiments/${id}` };
    },
  ],
  'experiments start': [
    'experiments start TENANT EXPERIMENT',
    (a) => {
      const [tenant, id] = need(a, 2, 'experiments start TENANT EXPERIMENT');
      return { method: 'POST', path: `/admin/v1/tenants/${tenant}/experiments/${id}/start` };
    },
  ],
  'experiments stop': [
    'experiments stop TENANT EXPERIMENT',
    (a) => {
      const [tenant, id] = need(a, 2, 'experiments stop TENANT EXPERIMENT');
      return { method: 'POST', path: `/admin/v1/tenants/${tenant}/experiments/${id}/stop` };
    },
  ],
  'experiments shares': [
    'experiments shares TENANT EXPERIMENT --json \'{"control": 0.8, "variant": 0.2}\' [--reassign]',
    (a, f) => {
      const [tenant, id] = need(a, 2, 'experiments shares TENANT EXPERIMENT --json SHARES');
      return {
        method: 'PUT',
        path: `/admin/v1/tenants/${tenant}/experiments/${id}/shares`,
        body: { shares: jsonArg(f.json), reassign: f.reassign ? true : undefined },
      };
    },
  ],
  'experiments promote': [
    'experiments promote TENANT EXPERIMENT [--variant V]  (the called winner when no variant is named)',
    (a, f) => {
      const [tenant, id] = need(a, 2, 'experiments promote TENANT EXPERIMENT [--variant V]');
      return { method: 'POST', path: `/admin/v1/tenants/${tenant}/experiments/${id}/promote`, body: { variant: str(f.variant) } };
    },
  ],
  'sources create': [
    'sources create --name N --trust 0-3 [--feed-url URL] [--language ja] [--category C] [--interval SECONDS]',
    (_a, f) => ({
      method: 'POST',
      path: '/admin/v1/sources',
      body: {
        name: str(f.name),
        feed_url: str(f['feed-url']),
        trust_level: num(f.trust),
        language: str(f.language),
        category: str(f.category),
        crawl_interval_seconds: num(f.interval),
      },
    }),
  ],
  'sources list': ['sources list', () => ({ method: 'GET', path: '/admin/v1/sources' })],
  'sources update': [
    'sources update SOURCE [--trust 0-3] [--name N] [--feed-url URL] [--active true|false] [--interval SECONDS]',
    (a, f) => ({
      method: 'PATCH',
      path: `/admin/v1/sources/${need(a, 1, 'sources update SOURCE')[0]}`,
      body: {
        name: str(f.name),
        feed_url: str(f['feed-url']),
        trust_level: num(f.trust),
        active: f.active === undefined ? undefined : f.active === 'true',
        crawl_interval_seconds: num(f.interval),
      },
    }),
  ],
  'sources crawl': [
    'sources crawl SOURCE [--wait]',
    (a, f) => ({
      method: 'POST',
      path: `/admin/v1/sources/${need(a, 1, 'sources crawl SOURCE [--wait]')[0]}/crawl${f.wait ? '?wait=true' : ''}`,
    }),
  ],
  'sources crawls': [
    'sources crawls SOURCE',
    (a) => ({ method: 'GET', path: `/admin/v1/sources/${need(a, 1, 'sources crawls SOURCE')[0]}/crawls` }),
  ],
  'areas find': [
    'areas find NAME [--level station|city|prefecture|country]',
    (a, f) => {
      need(a, 1, 'areas find NAME');
      const query = new URLSearchParams({ name: a[0]!, ...(str(f.level) ? { level: str(f.level)! } : {}) });
      return { method: 'GET', path: `/admin/v1/areas?${query.toString()}` };
    },
  ],
  'areas import': [
    'areas import FILE.csv|FILE.json [--mode extend|replace]  (format: docs/areas.md)',
    (a, f) => {
      need(a, 1, 'areas import FILE [--mode extend|replace]');
      return { method: 'PUT', path: '/admin/v1/areas', body: { mode: str(f.mode) ?? 'extend', areas: readAreaFile(a[0]!) } };
    },
  ],
  'sources delete': [
    'sources delete SOURCE',
    (a) => ({ method: 'DELETE', path: `/admin/v1/sources/${need(a, 1, 'sources delete SOURCE')[0]}` }),
  ],
  'contents list': [
    'contents list [--source SOURCE] [--category C] [--language L] [--area AREA_ID] [--from ISO] [--to ISO] [--q WORDS] [--hidden true|false] [--limit N] [--cursor C]',
    (_a, f) => {
      const query = new URLSearchParams(
        Object.entries({
          source_id: str(f.source),
          category: str(f.category),
          language: str(f.language),
          area_id: str(f.area),
          from: str(f.from),
          to: str(f.to),
          q: str(f.q),
          hidden: str(f.hidden),
          limit: str(f.limit),
          cursor: str(f.cursor),
        }).filter(([, v]) => v !== undefined) as [string, string][],
      );
      return { method: 'GET', path: `/admin/v1/contents${query.size ? `?${query.toString()}` : ''}` };
    },
  ],
  'contents get': ['contents get CONTENT', (a) => ({ method: 'GET', path: `/admin/v1/contents/${need(a, 1, 'contents get CONTENT')[0]}` })],
  'contents delete': [
    'contents delete CONTENT',
    (a) => ({ method: 'DELETE', path: `/admin/v1/contents/${need(a, 1, 'contents delete CONTENT')[0]}` }),
  ],
  'contents hide': [
    'contents hide CONTENT --reason TEXT',
    (a, f) => {
      const [content] = need(a, 1, 'contents hide CONTENT --reason TEXT');
      if (str(f.reason) === undefined)
        throw new Error('usage: content-feed admin contents hide CONTENT --reason TEXT (why, shown to other operators)');
      return { method: 'POST', path: `/admin/v1/contents/${content}/hide`, body: { reason: str(f.reason) } };
    },
  ],
  'contents unhide': [
    'contents unhide CONTENT',
    (a) => ({ method: 'POST', path: `/admin/v1/contents/${need(a, 1, 'contents unhide CONTENT')[0]}/unhide` }),
  ],
  'contents create': [
    'contents create --json ARTICLE|@file',
    (_a, f) => ({ method: 'POST', path: '/admin/v1/contents', body: jsonArg(f.json) }),
  ],
  'users create': [
    'users create --email E --role operator|member [--tenant TENANT] [--password P]  (else CONSOLE_PASSWORD, else standard input)',
    (_a, f) => ({
      method: 'POST',
      path: '/admin/v1/console-users',
      body: { email: str(f.email), role: str(f.role), tenant_id: str(f.tenant), password: consolePassword(f.password) },
    }),
  ],
  'users list': ['users list', () => ({ method: 'GET', path: '/admin/v1/console-users' })],
  'users role': [
    'users role USER_ID --role operator|member [--tenant TENANT]',
    (a, f) => ({
      method: 'PATCH',
      path: `/admin/v1/console-users/${need(a, 1, 'users role USER_ID --role operator|member [--tenant TENANT]')[0]}`,
      body: { role: str(f.role), tenant_id: str(f.tenant) },
    }),
  ],
  'users delete': [
    'users delete USER_ID',
    (a) => ({ method: 'DELETE', path: `/admin/v1/console-users/${need(a, 1, 'users delete USER_ID')[0]}` }),
  ],
  'audit list': [
    'audit list [--tenant TENANT] [--limit N] [--cursor C]',
    (_a, f) => {
      const query = new URLSearchParams(
        Object.entries({ tenant_id: str(f.tenant), limit: str(f.limit), cursor: str(f.cursor) }).filter(([, v]) => v !== undefined) as [
          string,
          string,
        ][],
      );
      return { method: 'GET', path: `/admin/v1/audit-log${query.size ? `?${query.toString()}` : ''}` };
    },
  ],
  'usage show': [
    'usage show TENANT [--from YYYY-MM-DD] [--to YYYY-MM-DD]',
    (a, f) => {
      const query = new URLSearchParams(
        Object.entries({ from: str(f.from), to: str(f.to) }).filter(([, v]) => v !== undefined) as [string, string][],
      );
      return {
        method: 'GET',
        path: `/admin/v1/tenants/${need(a, 1, 'usage show TENANT')[0]}/usage${query.size ? `?${query.toString()}` : ''}`,
      };
    },
  ],
};

/** Reads and checks an area file locally, so its problems are reported by line before anything is sent. */
function readAreaFile(file: string) {
  const format = /\.csv$/i.test(file) ? 'csv' : 'json';
  try {
    return parseAreaFile(readFileSync(file, 'utf8'), format).map((a) => ({
      id: a.id,
      name: a.name,
      level: a.level,
      parent_id: a.parentId,
      lat: a.lat,
      lng: a.lng,
      aliases: a.aliases,
    }));
  } catch (err) {
    if (!(err instanceof AreaFileError)) throw err;
    throw new Error(
      `${file}: ${err.problems.length} problem(s), nothing imported:\n${err.problems
        .slice(0, 50)
        .map((p) => `  ${p.at}: ${p.message}`)
        .join('\n')}`,
      { cause: err },
    );
  }
}

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

/** fetch, with a connection failure said as what to check. */
async function call(baseUrl: string, init: RequestInit & { path: string }): Promise<Response> {
  try {
    return await fetch(baseUrl + init.path, init);
  } catch (error) {
    const code = ((error as { cause?: { code?: string } }).cause ?? {}).code;
    throw new CliError(`cannot reach ${baseUrl}: is the server running? (--url)${code ? ` [${code}]` : ''}`);
  }
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
  const baseUrl = str(values.url) ?? baseUrlOf(config);
  const token = operatorToken(config);
  const body = compact(request.body);
  const response = await call(baseUrl, {
    path: request.path,
    method: request.method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const out = text ? JSON.stringify(JSON.parse(text), null, 2) : `${response.status} ${response.statusText}`;
  (response.ok ? process.stdout : process.stderr).write(`${out}\n`);
  return response.ok ? 0 : 1;
}

/** Every `admin` subcommand, as `resource action` (docs/admin-api.md lists them). */
export const ADMIN_COMMANDS = Object.keys(COMMANDS);
