import { seededRandom } from '../lib/seeded-random.js';
import { EN_NAMES, EN_PLACES, EN_ROLES, EN_WORDS, JA_AREAS, JA_ROLES, JA_SURNAMES, JA_WORDS, type TopicWords } from './corpus-words.js';
import type { DemoSource } from './demo-sources.js';

/**
 * The generated demo corpus: article `n` of a source is a pure function of the
 * source and `n`, so every process serves the same site. Sentences are drawn
 * and ordered at random from our own vocabulary (corpus-words.ts), enough that
 * two articles on one topic stay apart for near-duplicate detection.
 */
export interface DemoArticle {
  title: string;
  /** A one-sentence lead, used as the feed's description. */
  summary: string;
  paragraphs: string[];
  /** A docs/analysis.md category id. */
  category: string;
  /** The place the article is about (a gazetteer name for Japanese articles). */
  place: string;
}

type Random = () => number;

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

function seedOf(source: DemoSource, n: number): number {
  let hash = 2166136261;
  for (const ch of `${source.key}:${n}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/** Up to `count` items in random order, none twice. */
function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}

export function demoArticle(source: DemoSource, n: number): DemoArticle {
  const random = seededRandom(seedOf(source, n));
  const category = pick(random, source.categories);
  return source.language === 'ja' ? japaneseArticle(random, category, n) : englishArticle(random, category, n);
}

function japaneseArticle(random: Random, category: string, n: number): DemoArticle {
  const words = JA_WORDS[category] ?? JA_WORDS.local!;
  const place = pick(random, JA_AREAS);
  const topic = pick(random, words.topics);
  const title = pick(random, [`${place}で${topic}`, `${topic}\u3000${place}`, `${place}、${topic}`]);
  const person = () =>
    `${pick(random, JA_SURNAMES)}${pick(random, ['さん', '氏'])}（${between(random, 19, 78)}、${pick(random, JA_ROLES)}）`;
  const group = () => pick(random, words.groups);
  const lead =
    `${place}で${topic}。` +
    `${group()}によると、${between(random, 1, 12)}月${between(random, 1, 28)}日までに約${between(random, 2, 90) * 10}人が関わったという。`;
  const middle: string[] = [
    `「${pick(random, words.quotes)}」と${person()}は話す。`,
    `${place}の周辺では近年、${pick(random, words.trends)}が続いており、${group()}の関心も高い。`,
    `昨年の同じ時期と比べると、関連する問い合わせは${between(random, 3, 48)}%増えた。`,
    `${group()}からは「${pick(random, words.quotes)}」との声も上がる。`,
    `当日は${pick(random, ['朝から晴れ', '小雨が降る中', '風の強い日だったが', '気温が上がり'])}、` +
      `${pick(random, ['家族連れの姿が目立った', '若い世代の参加が多かった', '遠方から訪れた人もいた', '会場は終日にぎわった'])}。`,
    `費用はおよそ${between(random, 2, 95) * 100}万円で、${pick(random, ['市の補助金', '参加費', '地元企業の協賛金', 'クラウドファンディング'])}でまかなう。`,
    `${person()}は「${pick(random, words.quotes)}」と振り返った。`,
  ];
  const closing = `${group()}は今後、${pick(random, words.plans)}方針だ。`;
  const paragraphs = [
    lead,
    ...sample(random, middle, between(random, 3, 5)),
    closing,
    `（この記事はデモ用に生成した文章で、実在の出来事ではありません。記事番号 ${n}）`,
  ];
  return { title, summary: lead, paragraphs, category, place };
}

function englishArticle(random: Random, category: string, n: number): DemoArticle {
  const words: TopicWords = EN_WORDS[category] ?? EN_WORDS.technology!;
  const place = pick(random, EN_PLACES);
  const topic = pick(random, words.topics);
  const title = pick(random, [`${topic} in ${place}`, `${place}: ${topic.charAt(0).toLowerCase()}${topic.slice(1)}`, `${topic}`]);
  const person = () => `${pick(random, EN_NAMES)}, ${pick(random, EN_ROLES)}`;
  const lead =
    `${topic} in ${place}, according to ${pick(random, words.groups)}, ` +
    `with about ${between(random, 2, 90) * 10} people involved so far.`;
  const middle: string[] = [
    `"${capitalise(pick(random, words.quotes))}," said ${person()}.`,
    `It comes amid ${pick(random, words.trends)}, which has shaped plans across the region for ${between(random, 2, 9)} years.`,
    `Compared with the same period last year, related inquiries rose ${between(random, 3, 48)} percent.`,
    `Not everyone is convinced: ${pick(random, words.groups)} ` +
      `want to see figures for the first ${between(random, 2, 12)} months before they commit.`,
    `The project costs roughly ${between(random, 2, 95) / 10} million dollars, ` +
      `funded by ${pick(random, ['the city', 'private investors', 'ticket sales', 'a regional grant'])}.`,
    `"${capitalise(pick(random, words.quotes))}," ${person()} added.`,
  ];
  const closing = `Next, the organisers plan to ${pick(random, words.plans)}.`;
  const paragraphs = [
    lead,
    ...sample(random, middle, between(random, 3, 5)),
    closing,
    `(Generated demo text, not a real report. Article ${n}.)`,
  ];
  return { title, summary: lead, paragraphs, category, place };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
