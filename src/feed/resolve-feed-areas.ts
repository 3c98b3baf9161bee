import type { Area, AreaLevel } from '../areas/area.js';
import type { AreaDirectory } from '../areas/area-directory.js';
import { ApiError, errors } from '../http/problem.js';
import type { AreaTarget } from '../ranking/types.js';

export interface AreaQuery {
  area_names?: string;
  area_ids?: string;
  area_level?: AreaLevel;
}

const MAX_AREAS = 50;

const split = (list: string) =>
  [
    ...new Set(
      list
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s.length > 0),
    ),
  ].slice(0, MAX_AREAS);

/** What a feed request's areas were understood as: the areas, and what was sent (or in the profile) that meant none. */
export interface ResolvedAreas {
  areas: Area[];
  /** Names or ids that matched no area (a typo, a level that does not fit), or a profile's ambiguous name. */
  ignored: string[];
}

/**
 * The areas a feed request is about (SPEC GET /v1/feed rules 4–8): the
 * request's `area_names` or `area_ids` first, else the profile's area names,
 * else none. Unknown names and ids are skipped, and reported as ignored. A
 * name several areas share is a 400 listing them when `area_level` is not given
 * (from the request; a profile's ambiguous name is skipped instead: the client
 * did not send it).
 */
export function resolveFeedAreasExplained(
  areas: AreaDirectory,
  query: AreaQuery,
  profile: { area_names?: unknown; area_level?: unknown },
): ResolvedAreas {
  if (query.area_names !== undefined && query.area_ids !== undefined) {
    throw errors.badRequest('area_names and area_ids cannot be combined; send one of them.', [
      { location: 'query', name: 'area_ids', message: 'cannot be combined with area_names' },
    ]);
  }
  if (query.area_ids !== undefined) {
    return explain(split(query.area_ids), (id) => (areas.get(id) ? [areas.get(id)!] : []));
  }
  if (query.area_names !== undefined) {
    return explain(split(query.area_names), (name) => namedAreas(areas, name, query.area_level, 'refuse'));
  }
  const names = Array.isArray(profile.area_names) ? profile.area_names.filter((n): n is string => typeof n === 'string') : [];
  const level = typeof profile.area_level === 'string' ? (profile.area_level as AreaLevel) : undefined;
  return explain(names.slice(0, MAX_AREAS), (name) => namedAreas(areas, name, level, 'skip'));
}

/**
 * Where a ranking for this user is, as the feed, the console's preview and
 * push jobs (with no query) all open: the query's areas, else a registered
 * user's profile areas (an unregistered id's properties are never read); with
 * what matched nothing, and the targets the ranker boosts.
 */
export function rankingAreas(
  directory: AreaDirectory,
  query: AreaQuery,
  user: { registered: boolean; properties: { area_names?: unknown; area_level?: unknown } },
): ResolvedAreas & { targets: AreaTarget[] } {
  const resolved = resolveFeedAreasExplained(directory, query, user.registered ? user.properties : {});
  return { ...resolved, targets: resolved.areas.map((a) => areaTarget(directory, a)) };
}

function explain(sent: string[], meaning: (value: string) => Area[]): ResolvedAreas {
  const found: Area[] = [];
  const ignored: string[] = [];
  for (const value of sent) {
    const meant = meaning(value);
    if (meant.length === 0) ignored.push(value);
    found.push(...meant);
  }
  return { areas: uniqueAreas(found), ignored };
}

/**
 * The areas one name means. With a level: every area of that level by that
 * name (府中 stations in three prefectures are all meant). Without one: an
 * area whose own name it is (渋谷 is the station; 渋谷区 only has 渋谷 as an
 * alias) wins over alias matches; several left is ambiguous.
 */
function namedAreas(areas: AreaDirectory, name: string, level: AreaLevel | undefined, ambiguous: 'refuse' | 'skip'): Area[] {
  const found = areas.lookup(name);
  if (level) return found.filter((a) => a.level === level);
  const own = found.filter((a) => a.name === name || (a.level === 'station' && `${a.name}駅` === name));
  const meant = own.length > 0 ? own : found;
  if (meant.length <= 1) return meant;
  if (ambiguous === 'skip') return [];
  // Every area of the name is listed (also alias matches), so the client sees which area_level fits.
  throw ambiguousName(areas, name, found);
}

function ambiguousName(areas: AreaDirectory, name: string, candidates: Area[]): ApiError {
  const listed = candidates.map((a) => ({
    id: a.id,
    name: a.name,
    level: a.level,
    prefecture: prefectureOf(areas, a)?.name ?? null,
  }));
  const summary = listed.map((c) => `${c.name} (${c.level}, ${c.prefecture ?? 'Japan'}: ${c.id})`).join('; ');
  return new ApiError(400, `Several areas are named ${name}: ${summary}. Send area_level, or area_ids with the one you mean.`, {
    errors: [{ location: 'query', name: 'area_names', message: `${name} is ambiguous without area_level` }],
    members: { candidates: listed },
  });
}

export function prefectureOf(areas: AreaDirectory, area: Area): Area | undefined {
  return area.level === 'prefecture' ? area : areas.ancestors(area.id).find((a) => a.level === 'prefecture');
}

/** The area and the municipality and prefecture it lies in, for the area boost. */
export function areaTarget(areas: AreaDirectory, area: Area): AreaTarget {
  const chain = [area, ...areas.ancestors(area.id)];
  return {
    id: area.id,
    cityId: chain.find((a) => a.level === 'city')?.id ?? null,
    prefectureId: chain.find((a) => a.level === 'prefecture')?.id ?? null,
  };
}

function uniqueAreas(list: Area[]): Area[] {
  const seen = new Set<string>();
  return list.filter((a) => !seen.has(a.id) && seen.add(a.id));
}
