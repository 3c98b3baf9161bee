import type { Area, AreaLevel } from './area.js';

/** How specific a shared place is: sharing a city says more than sharing a prefecture. */
const SHARED_LEVEL_SCORE: Readonly<Record<AreaLevel, number>> = { station: 3, city: 2, prefecture: 1, country: 0 };
const SAME_AREA_SCORE = 4;

/**
 * Turns the mentions found in one text (each a list of the areas its words can mean)
 * into areas. A mention with one meaning is taken. One with several (府中市: Tokyo or
 * Hiroshima) takes the candidate that shares the most specific place with what the text
 * already says for sure: the candidate itself mentioned unambiguously elsewhere, else its
 * nearest ancestor among the unambiguous areas and their ancestors ('新宿駅 … 府中市' →
 * Tokyo's 府中市, both in 東京都). Resolved mentions add to that context, so this repeats
 * until nothing changes. A tie, or no shared place, tags nothing for that mention: a
 * wrong area sends an article to the wrong local feed, which is worse than missing one.
 *
 * Returns the most specific areas only, in order of first mention: an area that is an
 * ancestor of another result is dropped (the caller adds ancestors back with
 * Gazetteer.withAncestors).
 */
export function resolveMentions(mentions: readonly (readonly Area[])[], ancestorsOf: (id: string) => Area[]): Area[] {
  const resolved: Area[] = [];
  const context = new Set<string>();
  const take = (area: Area): void => {
    resolved.push(area);
    context.add(area.id);
    for (const ancestor of ancestorsOf(area.id)) if (ancestor.level !== 'country') context.add(ancestor.id);
  };
  let pending: (readonly Area[])[] = [];
  for (const candidates of mentions) {
    if (candidates.length === 1) take(candidates[0]!);
    else if (candidates.length > 1) pending.push(candidates);
  }
  let progress = true;
  while (progress && pending.length > 0) {
    progress = false;
    const stillPending: (readonly Area[])[] = [];
    for (const candidates of pending) {
      const choice = bestByContext(candidates, context, ancestorsOf);
      if (choice) {
        take(choice);
        progress = true;
      } else {
        stillPending.push(candidates);
      }
    }
    pending = stillPending;
  }
  return mostSpecific(resolved, ancestorsOf);
}

function bestByContext(candidates: readonly Area[], context: ReadonlySet<string>, ancestorsOf: (id: string) => Area[]): Area | null {
  let best: Area | null = null;
  let bestScore = 0;
  let tie = false;
  for (const candidate of candidates) {
    const score = contextScore(candidate, context, ancestorsOf);
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
      tie = false;
    } else if (score === bestScore && score > 0) {
      tie = true;
    }
  }
  return tie ? null : best;
}

function contextScore(candidate: Area, context: ReadonlySet<string>, ancestorsOf: (id: string) => Area[]): number {
  if (context.has(candidate.id)) return SAME_AREA_SCORE;
  const shared = ancestorsOf(candidate.id).find((a) => context.has(a.id));
  return shared ? SHARED_LEVEL_SCORE[shared.level] : 0;
}

function mostSpecific(areas: readonly Area[], ancestorsOf: (id: string) => Area[]): Area[] {
  const unique = [...new Set(areas)];
  const implied = new Set(unique.flatMap((a) => ancestorsOf(a.id).map((p) => p.id)));
  return unique.filter((a) => !implied.has(a.id));
}
