import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from '../../src/config.js';

/**
 * docs/configuration.md must document every environment variable the code
 * reads (with default, format, example and the processes that read it), and
 * nothing the code no longer reads: the reference cannot rot.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOC = readFileSync(path.join(ROOT, 'docs/configuration.md'), 'utf8');
const NAME = /^[A-Z][A-Z0-9_]*$/;
/** The section of variables that libraries read, not content-feed's own code. */
const LIBRARY_SECTION = '## Read by libraries and Node.js';
/** The columns every row of a reference table fills in. */
const REFERENCE_COLUMNS = ['Variable', 'Default', 'Format and range', 'Example', 'Read by', 'What it affects'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(c|m)?[jt]sx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** `process.env` uses that pass the whole environment on instead of reading a name. */
const PASS_THROUGH = [
  { file: 'src/config.ts', text: 'env: Env = process.env' },
  { file: 'src/config.ts', text: 'env === process.env' },
];

/**
 * Names read through `process.env` anywhere in src/: `process.env.X`,
 * `process.env['X']`, `const { X } = process.env`. Any other use is reported,
 * so a read this scan cannot see fails the test instead of passing quietly.
 */
function scanProcessEnv(): { names: Map<string, string[]>; unrecognised: string[] } {
  const names = new Map<string, string[]>();
  const unrecognised: string[] = [];
  const note = (name: string, where: string) => names.set(name, [...(names.get(name) ?? []), where]);
  for (const file of sourceFiles(path.join(ROOT, 'src'))) {
    const relative = path.relative(ROOT, file).split(path.sep).join('/');
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (!line.includes('process.env')) return;
        const where = `${relative}:${index + 1}`;
        let rest = line;
        for (const allowed of PASS_THROUGH) if (allowed.file === relative) rest = rest.replaceAll(allowed.text, '');
        rest = rest.replace(/process\.env(?:\?\.|\.)([A-Za-z_$][\w$]*)/g, (_m, name: string) => (note(name, where), ''));
        rest = rest.replace(/process\.env(?:\?\.)?\[\s*(['"`])([^'"`]+)\1\s*\]/g, (_m, _q, name: string) => (note(name, where), ''));
        rest = rest.replace(/\{([^}]*)\}\s*=\s*process\.env\b/g, (_m, list: string) => {
          for (const part of list.split(',')) {
            const name = part.split(/[:=]/)[0]!.replace('...', '').trim();
            if (name) note(name, where);
          }
          return '';
        });
        if (rest.includes('process.env')) unrecognised.push(`${where}: ${line.trim()}`);
      });
  }
  return { names, unrecognised };
}

/** Names `loadConfig` actually asks its environment for (a proxy records each read). */
function namesLoadConfigReads(): Set<string> {
  const read = new Set<string>();
  const env = new Proxy(
    {},
    {
      get(_target, key) {
        if (typeof key === 'string') read.add(key);
        return undefined;
      },
    },
  );
  loadConfig(env, { readDotEnv: false });
  return read;
}

interface DocRow {
  section: string;
  cells: Record<string, string>;
}

/** Every table row of the page whose first cell names variables, with its cells by column. */
function documentedRows(): { rows: Map<string, DocRow>; duplicates: string[] } {
  const rows = new Map<string, DocRow>();
  const duplicates: string[] = [];
  let section = '';
  let header: string[] | null = null;
  for (const line of DOC.split('\n')) {
    if (line.startsWith('## ')) section = line.trim();
    if (!line.startsWith('|')) {
      header = null;
      continue;
    }
    const cells = line
      .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
      .split('|')
      .map((c) => c.trim());
    if (header === null) {
      header = cells;
      continue;
    }
    if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
    const names = [...cells[0]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).filter((n) => NAME.test(n));
    for (const name of names) {
      if (rows.has(name)) duplicates.push(name);
      rows.set(name, { section, cells: Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])) });
    }
  }
  return { rows, duplicates };
}

/** The literal in a cell that is exactly one `code span`, else null. */
const literal = (cell: string | undefined): string | null => /^`([^`]*)`$/.exec(cell ?? '')?.[1] ?? null;

describe('docs/configuration.md', () => {
  const scan = scanProcessEnv();
  const { rows, duplicates } = documentedRows();
  const readByCode = new Set([...CONFIG_VARIABLES, ...scan.names.keys()]);

  it('finds every process.env read in src/ (no read the scan cannot name)', () => {
    expect(scan.unrecognised, 'read environment variables by name (process.env.NAME) so they can be checked').toEqual([]);
    // The scan sees the one read outside config.ts today; if this fails, the scan is broken.
    expect(scan.names.get('AWS_REGION')).toEqual(['src/storage/create-object-store.ts:33']);
  });

  it('documents each variable once', () => {
    expect(duplicates).toEqual([]);
  });

  it('CONFIG_VARIABLES is exactly what loadConfig reads', () => {
    expect([...namesLoadConfigReads()].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('documents every variable the code reads, in a reference table with every column filled', () => {
    const missing = [...readByCode].filter((name) => !rows.has(name));
    expect(
      missing,
      `add these to docs/configuration.md (read at ${missing.map((n) => scan.names.get(n)?.join(', ') ?? 'src/config.ts').join('; ')})`,
    ).toEqual([]);
    for (const name of readByCode) {
      const { section, cells } = rows.get(name)!;
      expect(section, `${name} belongs under "## Reference"`).toBe('## Reference');
      for (const column of REFERENCE_COLUMNS) expect(cells[column], `${name}: column "${column}"`).toMatch(/\S/);
      expect(cells['Read by'], `${name}: "Read by" names processes`).toMatch(/^(API|worker|migrate|admin)(, (API|worker|migrate|admin))*$/);
    }
  });

  it('documents nothing as ours that the code does not read', () => {
    const stale = [...rows].filter(([name, row]) => row.section !== LIBRARY_SECTION && !readByCode.has(name)).map(([name]) => name);
    expect(stale).toEqual([]);
    expect(DOC).toContain(LIBRARY_SECTION);
  });

  it('every documented example is accepted by loadConfig', () => {
    // Variables valid only beside another one's value are checked with it.
    const companions: Partial<Record<string, Record<string, string>>> = {
      EVENT_LOG_URL: { DATABASE_URL: 'postgres://db.internal:5432/content_feed' },
    };
    for (const name of CONFIG_VARIABLES) {
      const example = literal(rows.get(name)?.cells.Example);
      expect(example, `${name}: the example is one code span`).not.toBeNull();
      try {
        loadConfig({ ...companions[name], [name]: example! }, { readDotEnv: false });
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        // An example path cannot exist on every machine; everything else must validate.
        expect(
          error.problems.filter((p) => !/does not exist/.test(p)),
          `${name}=${example}`,
        ).toEqual([]);
      }
    }
  });

  it('every literal default is the default the code applies', () => {
    const defaults = loadConfig({}, { readDotEnv: false });
    let checked = 0;
    for (const name of CONFIG_VARIABLES) {
      const value = literal(rows.get(name)?.cells.Default);
      if (value === null || value.includes('$')) continue; // "unset: …", "generated …", derived from another variable
      expect(loadConfig({ [name]: value }, { readDotEnv: false }), `${name}=${value} is not the default`).toEqual(defaults);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(12);
  });
});
