/**
 * The demo news site's sources and when each publishes. Every source publishes
 * one article per `everyMinutes`, on a fixed schedule counted from DEMO_EPOCH, so
 * the site is the same in every process and after every restart, and a running
 * demo keeps receiving new articles as the clock moves on.
 */
export interface DemoSource {
  /** Path segment on the demo site: /feeds/<key>.xml, /<key>/<n>.html. */
  key: string;
  name: string;
  language: 'ja' | 'en';
  /** Categories it writes about (docs/analysis.md ids). */
  categories: readonly string[];
  trustLevel: number;
  everyMinutes: number;
  /** Articles its feed lists, newest first. */
  listed: number;
  /** Registered by `serve --demo`; the others wait for an operator to add them (the README does). */
  seeded: boolean;
}

export const DEMO_HOST = 'demo.content-feed.invalid';
export const DEMO_ORIGIN = `https://${DEMO_HOST}`;
const DEMO_EPOCH = Date.UTC(2026, 0, 1);

export const DEMO_SOURCES: readonly DemoSource[] = [
  {
    key: 'shimbun',
    name: 'デモ新聞',
    language: 'ja',
    categories: ['society', 'politics', 'business', 'local'],
    trustLevel: 3,
    everyMinutes: 30,
    listed: 80,
    seeded: true,
  },
  {
    key: 'tech',
    name: 'Demo Tech Daily',
    language: 'en',
    categories: ['technology', 'science'],
    trustLevel: 2,
    everyMinutes: 60,
    listed: 48,
    seeded: true,
  },
  {
    key: 'sports',
    name: 'デモスポーツ',
    language: 'ja',
    categories: ['sports'],
    trustLevel: 2,
    everyMinutes: 45,
    listed: 60,
    seeded: true,
  },
  {
    key: 'machi',
    name: 'まちのニュース',
    language: 'ja',
    categories: ['local', 'gourmet', 'lifestyle', 'culture'],
    trustLevel: 1,
    everyMinutes: 40,
    listed: 60,
    seeded: true,
  },
  {
    key: 'world',
    name: 'Demo World Report',
    language: 'en',
    categories: ['world', 'business', 'travel'],
    trustLevel: 2,
    everyMinutes: 60,
    listed: 48,
    seeded: true,
  },
  {
    key: 'kagaku',
    name: 'デモ科学ウィークリー',
    language: 'ja',
    categories: ['science', 'health'],
    trustLevel: 1,
    everyMinutes: 120,
    listed: 24,
    seeded: false,
  },
];

export function demoSource(key: string): DemoSource | undefined {
  return DEMO_SOURCES.find((s) => s.key === key);
}

export const feedUrlOf = (source: DemoSource): string => `${DEMO_ORIGIN}/feeds/${source.key}.xml`;
export const articleUrlOf = (source: DemoSource, n: number): string => `${DEMO_ORIGIN}/${source.key}/${n}.html`;
export const imageUrlOf = (source: DemoSource, n: number): string => `${DEMO_ORIGIN}/images/${source.key}/${n}.png`;

/** Sources start at different minutes, so their articles interleave. */
function phaseMs(source: DemoSource): number {
  return ((DEMO_SOURCES.indexOf(source) * 7) % source.everyMinutes) * 60_000;
}

/** When article `n` of a source is published. */
export function publishedAt(source: DemoSource, n: number): number {
  return DEMO_EPOCH + phaseMs(source) + n * source.everyMinutes * 60_000;
}

/** The newest article number published at `now`. */
export function latestArticle(source: DemoSource, now: number): number {
  return Math.floor((now - DEMO_EPOCH - phaseMs(source)) / (source.everyMinutes * 60_000));
}

/** The article numbers a feed lists at `now`, newest first. */
export function listedArticles(source: DemoSource, now: number): number[] {
  const latest = latestArticle(source, now);
  return Array.from({ length: source.listed }, (_, i) => latest - i).filter((n) => n >= 0);
}
