import { readFileSync } from 'node:fs';
import { AreaFileError, parseAreaFile } from '../../areas/area-file.js';
import { jsonArg, need, num, one, query, str, type Commands } from './admin-args.js';

/** Sources and their crawls, the gazetteer's areas, and contents. */
export const CONTENT_COMMANDS: Commands = {
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
      path: `/admin/v1/sources/${one(a, 'sources update SOURCE')}`,
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
    (a, f) => ({ method: 'POST', path: `/admin/v1/sources/${one(a, 'sources crawl SOURCE [--wait]')}/crawl${f.wait ? '?wait=true' : ''}` }),
  ],
  'sources crawls': [
    'sources crawls SOURCE',
    (a) => ({ method: 'GET', path: `/admin/v1/sources/${one(a, 'sources crawls SOURCE')}/crawls` }),
  ],
  'areas find': [
    'areas find NAME [--level station|city|prefecture|country]',
    (a, f) => {
      need(a, 1, 'areas find NAME');
      return { method: 'GET', path: `/admin/v1/areas${query({ name: a[0], level: str(f.level) || undefined })}` };
    },
  ],
  'areas import': [
    'areas import FILE.csv|FILE.json [--mode extend|replace]  (format: docs/areas.md)',
    (a, f) => {
      need(a, 1, 'areas import FILE [--mode extend|replace]');
      return { method: 'PUT', path: '/admin/v1/areas', body: { mode: str(f.mode) ?? 'extend', areas: readAreaFile(a[0]!) } };
    },
  ],
  'sources delete': ['sources delete SOURCE', (a) => ({ method: 'DELETE', path: `/admin/v1/sources/${one(a, 'sources delete SOURCE')}` })],
  'contents list': [
    'contents list [--source SOURCE] [--category C] [--language L] [--area AREA_ID] [--from ISO] [--to ISO] ' +
      '[--q WORDS] [--hidden true|false] [--limit N] [--cursor C]',
    (_a, f) => ({
      method: 'GET',
      path: `/admin/v1/contents${query({
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
      })}`,
    }),
  ],
  'contents get': ['contents get CONTENT', (a) => ({ method: 'GET', path: `/admin/v1/contents/${one(a, 'contents get CONTENT')}` })],
  'contents delete': [
    'contents delete CONTENT',
    (a) => ({ method: 'DELETE', path: `/admin/v1/contents/${one(a, 'contents delete CONTENT')}` }),
  ],
  'contents hide': [
    'contents hide CONTENT --reason TEXT',
    (a, f) => {
      const content = one(a, 'contents hide CONTENT --reason TEXT');
      if (str(f.reason) === undefined)
        throw new Error('usage: content-feed admin contents hide CONTENT --reason TEXT (why, shown to other operators)');
      return { method: 'POST', path: `/admin/v1/contents/${content}/hide`, body: { reason: str(f.reason) } };
    },
  ],
  'contents unhide': [
    'contents unhide CONTENT',
    (a) => ({ method: 'POST', path: `/admin/v1/contents/${one(a, 'contents unhide CONTENT')}/unhide` }),
  ],
  'contents create': [
    'contents create --json ARTICLE|@file',
    (_a, f) => ({ method: 'POST', path: '/admin/v1/contents', body: jsonArg(f.json) }),
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
