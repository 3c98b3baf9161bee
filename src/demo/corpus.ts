import { seededRandom } from '../lib/seeded-random.js';
/**
 * A generated demo corpus: our own sentences, no copied text. Deterministic for
 * a seed so every fresh demo looks the same.
 */
export interface DemoArticle {
  sourceIndex: number;
  title: string;
  body: string;
  category: string;
  language: 'ja' | 'en';
  ageMinutes: number;
  slug: string;
}

export const DEMO_SOURCES = [
  { name: 'デモ新聞', language: 'ja', category: null, trust: 3 },
  { name: 'Demo Tech Daily', language: 'en', category: 'technology', trust: 2 },
  { name: 'デモスポーツ', language: 'ja', category: 'sports', trust: 2 },
  { name: 'まちのニュース', language: 'ja', category: 'local', trust: 1 },
] as const;

const JA_AREAS = ['渋谷駅', '新宿駅', '府中市', '横浜市', '大阪市', '札幌市', '福岡市', '名古屋市'];
const EN_AREAS = ['Shibuya', 'Shinjuku', 'Osaka', 'Sapporo'];

const JA_TOPICS: Record<string, string[]> = {
  economy: ['新しい商業施設が開業', '地元企業が新製品を発表', '週末の物価動向', '駅前の再開発計画が前進'],
  sports: ['地元チームが逆転勝利', 'マラソン大会に一万人が参加', '高校野球の地区予選が開幕', '新スタジアムの設計案を公開'],
  technology: ['自動運転バスの実証実験', '駅に案内ロボットを導入', '新しい決済アプリが登場', '図書館で電子書籍の貸出開始'],
  entertainment: ['人気バンドが野外公演', '映画祭の受賞作が決定', '美術館で特別展が始まる', '新しい劇場がオープン'],
  local: ['商店街で夏祭り', '公園の桜が見頃', '新しい保育園が開園', '防災訓練に住民が参加'],
};
const EN_TOPICS: Record<string, string[]> = {
  technology: ['A new open-source database reaches 1.0', 'Chip makers report record demand', 'City trials self-driving shuttles', 'Startup ships a faster JSON parser'],
  economy: ['Retail sales rise for a third month', 'Tourism rebounds in spring', 'Rail operator posts higher earnings'],
};


const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;

export function generateDemoCorpus(count: number, seed = 7): DemoArticle[] {
  const rnd = seededRandom(seed);
  const articles: DemoArticle[] = [];
  for (let i = 0; i < count; i++) {
    const sourceIndex = i % DEMO_SOURCES.length;
    const source = DEMO_SOURCES[sourceIndex]!;
    const ageMinutes = Math.floor(rnd() * 48 * 60);
    if (source.language === 'en') {
      const category = source.category ?? pick(rnd, Object.keys(EN_TOPICS));
      const topic = pick(rnd, EN_TOPICS[category] ?? EN_TOPICS.technology!);
      const area = pick(rnd, EN_AREAS);
      articles.push({
        sourceIndex,
        category,
        language: 'en',
        ageMinutes,
        slug: `en-${i}`,
        title: `${topic} in ${area} (${i + 1})`,
        body: `${topic}. Reporters in ${area} spoke with residents and officials about what changes next. ` +
          `This is generated demo text for item ${i + 1}, not a real report.`,
      });
    } else {
      const category = source.category ?? pick(rnd, Object.keys(JA_TOPICS));
      const topic = pick(rnd, JA_TOPICS[category] ?? JA_TOPICS.local!);
      const area = pick(rnd, JA_AREAS);
      articles.push({
        sourceIndex,
        category,
        language: 'ja',
        ageMinutes,
        slug: `ja-${i}`,
        title: `${area}で${topic}（${i + 1}）`,
        body: `${area}周辺で${topic}。地域の人々や関係者に今後の見通しを聞いた。` +
          `これはデモ用に生成した文章で、実際の報道ではありません（記事${i + 1}）。`,
      });
    }
  }
  return articles;
}
