import { CATEGORIES, type Category } from '../../src/analysis/categories.js';
import type { GeneratedItem } from '../lib/feed-data.js';
import { HOT_STATIONS } from '../lib/feed-data.js';
import type { ServedItem } from './feed-client.js';

/** What a simulated user likes: known to the bench, learned by the service only from clicks (and profile, follow). */
export interface Preferences {
  categories: Category[];
  station: { id: string; name: string };
  followedSource: string;
}

export interface SimulatedUser {
  id: string;
  sessionId: string;
  prefs: Preferences;
  clicks: number;
  /** Items clicked and processed: the service must never serve them again. */
  read: Set<string>;
}

/** Which preferences an item meets; the corpus supplies its area ids (the API shows names only). */
export interface Match {
  category: boolean;
  area: boolean;
  follow: boolean;
  any: boolean;
}

export function matchOf(
  item: { id: string; category: string | null; sourceId: string },
  prefs: Preferences,
  corpus: ReadonlyMap<string, GeneratedItem>,
): Match {
  const category = item.category !== null && (prefs.categories as string[]).includes(item.category);
  const area = corpus.get(item.id)?.areaIds.includes(prefs.station.id) ?? false;
  const follow = item.sourceId === prefs.followedSource;
  return { category, area, follow, any: category || area || follow };
}

export const servedMatch = (item: ServedItem, prefs: Preferences, corpus: ReadonlyMap<string, GeneratedItem>): Match =>
  matchOf({ id: item.id, category: item.category, sourceId: item.source.id }, prefs, corpus);

/** Two distinct favourite categories ('other' excluded), a hot station, one followed source. */
export function makeUsers(count: number, sourceIds: string[], random: () => number): SimulatedUser[] {
  const categories = CATEGORIES.filter((c) => c !== 'other');
  return Array.from({ length: count }, (_, i) => {
    const first = categories[Math.floor(random() * categories.length)]!;
    const rest = categories.filter((c) => c !== first);
    const second = rest[Math.floor(random() * rest.length)]!;
    return {
      id: `quality_user_${i + 1}`,
      sessionId: `quality_session_${i + 1}`,
      prefs: {
        categories: [first, second],
        station: HOT_STATIONS[i % HOT_STATIONS.length]!,
        followedSource: sourceIds[Math.floor(random() * sourceIds.length)]!,
      },
      clicks: 0,
      read: new Set(),
    };
  });
}

/** Share of the pool meeting each preference: what a random page would score. */
export function poolBaseline(
  users: SimulatedUser[],
  items: GeneratedItem[],
  corpus: ReadonlyMap<string, GeneratedItem>,
): Record<keyof Match, number> {
  const totals = { category: 0, area: 0, follow: 0, any: 0 };
  for (const user of users) {
    for (const item of items) {
      const m = matchOf(item, user.prefs, corpus);
      for (const key of Object.keys(totals) as (keyof Match)[]) if (m[key]) totals[key] += 1;
    }
  }
  const n = users.length * items.length;
  return { category: totals.category / n, area: totals.area / n, follow: totals.follow / n, any: totals.any / n };
}
