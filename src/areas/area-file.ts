import { ALLOWED_PARENT_LEVELS, idLevelProblem, isAreaLevel, type Area } from './area.js';
import { parseCsvRows } from './csv-rows.js';

/**
 * The operator's import format (docs/areas.md):
 * CSV with the header `id,name,level,parent_id,lat,lng,aliases` (aliases separated by
 * '|'; lat, lng, aliases may be empty or left out), or JSON
 * `[{ "id", "name", "level", "parent_id", "lat"?, "lng"?, "aliases"? }]`.
 * Every problem is collected, each with where it is ('line 7', 'index 3'), and thrown
 * together so an operator fixes a file in one pass.
 */
export interface AreaFileProblem {
  at: string;
  message: string;
}

export class AreaFileError extends Error {
  readonly problems: AreaFileProblem[];

  constructor(problems: AreaFileProblem[]) {
    const shown = problems
      .slice(0, 10)
      .map((p) => `${p.at}: ${p.message}`)
      .join('; ');
    super(
      `invalid area file (${problems.length} problem${problems.length === 1 ? '' : 's'}): ${shown}${problems.length > 10 ? '; …' : ''}`,
    );
    this.name = 'AreaFileError';
    this.problems = problems;
  }
}

/** Where each parsed area came from, so mergeAreas can report parent problems by line. */
const sourcePositions = new WeakMap<Area, string>();

const CSV_COLUMNS = ['id', 'name', 'level', 'parent_id', 'lat', 'lng', 'aliases'] as const;
const REQUIRED_COLUMNS = ['id', 'name', 'level', 'parent_id'];

/** One entry of the file: its fields, or why they could not be read. */
interface Entry {
  at: string;
  raw: RawArea;
  problem?: string;
}

interface RawArea {
  id?: unknown;
  name?: unknown;
  level?: unknown;
  parent_id?: unknown;
  lat?: unknown;
  lng?: unknown;
  aliases?: unknown;
}

export function parseAreaFile(text: string, format: 'csv' | 'json'): Area[] {
  const problems: AreaFileProblem[] = [];
  const raws = format === 'csv' ? csvRecords(text, problems) : jsonRecords(text, problems);
  const areas: Area[] = [];
  const seen = new Map<string, string>();
  for (const { at, raw, problem } of raws) {
    if (problem) {
      problems.push({ at, message: problem });
      continue;
    }
    const area = toArea(raw, (message) => problems.push({ at, message }));
    if (!area) continue;
    const first = seen.get(area.id);
    if (first) problems.push({ at, message: `id ${area.id} is already used at ${first}` });
    seen.set(area.id, first ?? at);
    sourcePositions.set(area, at);
    areas.push(area);
  }
  if (problems.length > 0) throw new AreaFileError(problems);
  return areas;
}

/**
 * extend: the imported areas replace built-in ones of the same id and add the rest;
 * replace: only the imported areas are kept, so they must bring their own country,
 * prefectures and parents. Either way every parent must exist in the result and be of a
 * level that may contain the child (a city's parent is a prefecture or, for a ward, a city).
 */
export function mergeAreas(builtin: readonly Area[], imported: readonly Area[], mode: 'extend' | 'replace'): Area[] {
  const byId = new Map<string, Area>(mode === 'extend' ? builtin.map((a) => [a.id, a]) : []);
  for (const area of imported) byId.set(area.id, area);
  const merged = [...byId.values()];
  const problems: AreaFileProblem[] = [];
  for (const area of merged) {
    if (area.parentId === null) continue;
    const at = sourcePositions.get(area) ?? `${imported.includes(area) ? 'imported' : 'built-in'} area ${area.id}`;
    const parent = byId.get(area.parentId);
    if (!parent) {
      problems.push({
        at,
        message: `parent ${area.parentId} of ${area.id} is neither in the file${mode === 'extend' ? ' nor built in' : ''}`,
      });
    } else if (!ALLOWED_PARENT_LEVELS[area.level].includes(parent.level)) {
      problems.push({
        at,
        message:
          `${area.id} is a ${area.level}; its parent ${parent.id} is a ${parent.level}, expected ` +
          `${ALLOWED_PARENT_LEVELS[area.level].join(' or ')}`,
      });
    }
  }
  if (problems.length > 0) throw new AreaFileError(problems);
  return merged;
}

function csvRecords(text: string, problems: AreaFileProblem[]): Entry[] {
  const { rows, error } = parseCsvRows(text);
  if (error) problems.push({ at: `line ${error.line}`, message: error.message });
  const [header, ...body] = rows;
  if (!header) {
    problems.push({ at: 'line 1', message: `the file is empty; expected the header ${CSV_COLUMNS.join(',')}` });
    return [];
  }
  const columns = header.fields.map((f) => f.trim());
  const unknown = columns.filter((c) => !(CSV_COLUMNS as readonly string[]).includes(c));
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (unknown.length > 0 || missing.length > 0) {
    const why = [
      unknown.length ? `unknown column(s) ${unknown.join(', ')}` : '',
      missing.length ? `missing column(s) ${missing.join(', ')}` : '',
    ];
    problems.push({ at: `line ${header.line}`, message: `${why.filter(Boolean).join('; ')}; expected ${CSV_COLUMNS.join(',')}` });
    return [];
  }
  const records: Entry[] = [];
  for (const row of body) {
    const at = `line ${row.line}`;
    if (row.fields.length !== columns.length) {
      records.push({ at, raw: {}, problem: `${row.fields.length} fields, the header has ${columns.length}` });
      continue;
    }
    const cell = (name: string): string | undefined => {
      const index = columns.indexOf(name);
      return index < 0 ? undefined : row.fields[index]!.trim();
    };
    const blankIsNull = (value: string | undefined): string | null => (value ? value : null);
    records.push({
      at,
      raw: {
        id: cell('id'),
        name: cell('name'),
        level: cell('level'),
        parent_id: blankIsNull(cell('parent_id')),
        lat: csvNumber(cell('lat')),
        lng: csvNumber(cell('lng')),
        aliases: (cell('aliases') ?? '')
          .split('|')
          .map((a) => a.trim())
          .filter(Boolean),
      },
    });
  }
  return records;
}

/** '' → null; '35.68' → 35.68; anything else stays a string so toArea reports it. */
function csvNumber(value: string | undefined): number | string | null {
  if (!value) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
}

function jsonRecords(text: string, problems: AreaFileProblem[]): Entry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    problems.push({ at: 'json', message: `not valid JSON: ${(err as Error).message}` });
    return [];
  }
  if (!Array.isArray(parsed)) {
    problems.push({ at: 'json', message: 'expected an array of areas' });
    return [];
  }
  return parsed.map((item: unknown, index): Entry => {
    const at = `index ${index}`;
    const isObject = typeof item === 'object' && item !== null && !Array.isArray(item);
    return isObject ? { at, raw: item } : { at, raw: {}, problem: 'expected an object' };
  });
}

function toArea(raw: RawArea, report: (message: string) => void): Area | null {
  let problems = 0;
  const problem = (message: string): void => {
    problems++;
    report(message);
  };
  const id = typeof raw.id === 'string' ? raw.id.trim() : '';
  const name = typeof raw.name === 'string' ? raw.name.trim() : '';
  if (!id) problem('id is required');
  if (!name) problem('name is required');
  const level = typeof raw.level === 'string' && isAreaLevel(raw.level) ? raw.level : null;
  if (!level) problem(`level must be country, prefecture, city or station, got ${JSON.stringify(raw.level ?? null)}`);
  if (id && level) {
    const idProblem = idLevelProblem(id, level);
    if (idProblem) problem(idProblem);
  }
  const parentId = typeof raw.parent_id === 'string' && raw.parent_id.trim() ? raw.parent_id.trim() : null;
  if (raw.parent_id !== undefined && raw.parent_id !== null && typeof raw.parent_id !== 'string')
    problem('parent_id must be a string or null');
  if (level === 'country' && parentId) problem('a country has no parent_id');
  if (level && level !== 'country' && !parentId) problem(`a ${level} needs a parent_id`);
  if (parentId && parentId === id) problem('an area cannot be its own parent');
  const lat = coordinate(raw.lat, 'lat', 90, problem);
  const lng = coordinate(raw.lng, 'lng', 180, problem);
  if (lat !== undefined && lng !== undefined && (lat === null) !== (lng === null)) problem('give both lat and lng, or neither');
  const aliases = raw.aliases ?? [];
  if (!Array.isArray(aliases) || aliases.some((a) => typeof a !== 'string')) problem('aliases must be a list of strings');
  if (problems > 0 || !level) return null;
  const cleanAliases = (aliases as string[]).map((a) => a.trim()).filter((a) => a && a !== name);
  return { id, name, level, parentId, lat: lat ?? null, lng: lng ?? null, aliases: [...new Set(cleanAliases)] };
}

/** null when absent, undefined (after reporting) when invalid. */
function coordinate(value: unknown, field: string, limit: number, problem: (m: string) => void): number | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    problem(`${field} must be a number, got ${JSON.stringify(value)}`);
    return undefined;
  }
  if (Math.abs(value) > limit) {
    problem(`${field} must be between -${limit} and ${limit}, got ${value}`);
    return undefined;
  }
  return value;
}
