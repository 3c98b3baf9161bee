/**
 * The documented, stable list of article categories (docs/analysis.md). Tenants filter on these
 * ids in algorithm configs (include_categories / exclude_categories), so an id is never renamed
 * or removed; a new one may be added. The list follows the sections Japanese portals share
 * (国内/社会, 政治, 経済, 国際, IT・科学, スポーツ, エンタメ, ライフ, グルメ, 地域) with health,
 * culture and travel split out because tenants ask for them by name.
 */
export const CATEGORIES = [
  'politics',
  'business',
  'technology',
  'science',
  'health',
  'sports',
  'entertainment',
  'culture',
  'lifestyle',
  'gourmet',
  'travel',
  'society',
  'world',
  'local',
  'other',
] as const;

export type Category = (typeof CATEGORIES)[number];

/**
 * Raw labels per category: English and Japanese section names and the category words feeds put
 * in <category> / <dc:subject>. No site's own section slugs: an article whose label is not
 * here is categorised by the classifier (category-classifier.ts). Matched after NFKC and lower
 * case, whole label only (see normaliseCategory for the splitting).
 */
const LABELS: Record<Category, readonly string[]> = {
  politics: ['politics', 'political', 'government', 'election', 'elections', '政治', '政局', '選挙', '行政', '国会', '政策'],
  business: [
    'business',
    'economy',
    'economics',
    'finance',
    'money',
    'markets',
    'market',
    'stocks',
    'industry',
    'company',
    'companies',
    'career',
    'jobs',
    '経済',
    'ビジネス',
    'マネー',
    '金融',
    '株',
    '株式',
    '市況',
    '産業',
    '企業',
    '就職',
    '転職',
    'キャリア',
    '仕事',
  ],
  technology: [
    'technology',
    'tech',
    'it',
    'internet',
    'web',
    'digital',
    'gadgets',
    'gadget',
    'mobile',
    'smartphone',
    'smartphones',
    'software',
    'apps',
    'computing',
    'ai',
    'games',
    'gaming',
    'electronics',
    'テクノロジー',
    'テック',
    'デジタル',
    'ネット',
    'インターネット',
    'ガジェット',
    'スマホ',
    'スマートフォン',
    'モバイル',
    'アプリ',
    'パソコン',
    'pc',
    '家電',
    'ゲーム',
    'it・科学',
    'it・ネット',
  ],
  science: ['science', 'sciences', 'research', 'space', 'environment', '科学', 'サイエンス', '宇宙', '環境', '研究'],
  health: ['health', 'medical', 'medicine', 'wellness', 'fitness', '健康', '医療', 'ヘルスケア', '病気', '介護', 'ダイエット'],
  sports: [
    'sports',
    'sport',
    'football',
    'soccer',
    'baseball',
    'golf',
    'tennis',
    'olympics',
    'スポーツ',
    '野球',
    'プロ野球',
    'サッカー',
    'ゴルフ',
    'テニス',
    '相撲',
    '格闘技',
    'オリンピック',
    '五輪',
  ],
  entertainment: [
    'entertainment',
    'celebrity',
    'celebrities',
    'showbiz',
    'movies',
    'movie',
    'film',
    'films',
    'cinema',
    'music',
    'tv',
    'television',
    'anime',
    'manga',
    'comics',
    'エンタメ',
    'エンターテインメント',
    'エンターテイメント',
    '芸能',
    '映画',
    '音楽',
    'テレビ',
    'アニメ',
    'マンガ',
    '漫画',
    'アイドル',
    'お笑い',
    'ドラマ',
  ],
  culture: [
    'culture',
    'arts',
    'art',
    'books',
    'book',
    'literature',
    'history',
    'education',
    '文化',
    'カルチャー',
    'アート',
    '芸術',
    '本',
    '書籍',
    '読書',
    '歴史',
    '教育',
  ],
  lifestyle: [
    'lifestyle',
    'life',
    'living',
    'fashion',
    'beauty',
    'style',
    'family',
    'parenting',
    'relationships',
    'love',
    'women',
    'men',
    'cars',
    'autos',
    'auto',
    'ライフ',
    'ライフスタイル',
    '暮らし',
    'くらし',
    '生活',
    'ファッション',
    '美容',
    'コスメ',
    '恋愛',
    '結婚',
    '育児',
    '子育て',
    '住まい',
    'インテリア',
    '車',
    'クルマ',
    '自動車',
    '女性',
    '男性',
  ],
  gourmet: [
    'gourmet',
    'food',
    'foods',
    'dining',
    'restaurants',
    'restaurant',
    'recipes',
    'recipe',
    'cooking',
    'drinks',
    'グルメ',
    '食',
    'フード',
    'レシピ',
    '料理',
    'レストラン',
    '飲食',
    'スイーツ',
  ],
  travel: ['travel', 'tourism', 'trip', 'trips', 'outing', 'leisure', '旅行', '旅', '観光', 'トラベル', 'おでかけ', 'お出かけ', 'レジャー'],
  society: [
    'society',
    'national',
    'domestic',
    'nation',
    'crime',
    'accidents',
    'incidents',
    'disaster',
    'disasters',
    'courts',
    '社会',
    '国内',
    '事件',
    '事故',
    '事件・事故',
    '災害',
    '防災',
    '裁判',
  ],
  world: [
    'world',
    'international',
    'global',
    'overseas',
    'foreign',
    'asia',
    'europe',
    'americas',
    '国際',
    '海外',
    '世界',
    'ワールド',
    'アジア',
    '欧州',
    '米国',
    '中国',
    '韓国',
  ],
  local: ['local', 'regional', 'region', 'community', '地域', '地方', 'ローカル', '地元', '県内', '市内', '都内'],
  other: ['other', 'others', 'misc', 'miscellaneous', 'その他', 'そのほか', '雑記'],
};

/** Words around a label that do not change it: "スポーツニュース", "World News", "IT総合". */
const NOISE_AFFIXES = /^(?:news|ニュース|最新|category|カテゴリ|カテゴリー)|(?:news|ニュース|速報|情報|総合|記事|全般|一般|トピックス)$/gu;
/** Separators between parts of one raw value: "経済・政治", "News > World", "/category/sports/". */
const PARTS = /\s*(?:[/|>,、・&＆»›;:]|\band\b|\s-\s)\s*/u;

const INDEX: ReadonlyMap<string, Category> = (() => {
  const index = new Map<string, Category>();
  for (const category of CATEGORIES) {
    index.set(category, category);
    for (const label of LABELS[category]) index.set(clean(label), category);
  }
  return index;
})();

function clean(raw: string): string {
  return raw
    .normalize('NFKC')
    .toLowerCase()
    .trim()
    .replace(/^[[(【「『"']+|[\])】」』"']+$/gu, '')
    .trim();
}

function lookup(value: string): Category | undefined {
  if (value === '') return undefined;
  const exact = INDEX.get(value);
  if (exact) return exact;
  const stripped = value.replace(NOISE_AFFIXES, '').trim();
  return stripped !== value && stripped !== '' ? INDEX.get(stripped) : undefined;
}

/**
 * The category of the first raw value that maps: a whole label first ("事件・事故"), then the
 * parts of a compound one in order ("経済・政治" → business, "/category/sports/" → sports).
 * Unknown or empty values are skipped; null when none maps (the caller falls back to the
 * source's own category).
 */
export function normaliseCategory(...raw: (string | null | undefined)[]): Category | null {
  for (const value of raw) {
    if (typeof value !== 'string') continue;
    const whole = clean(value);
    const found =
      lookup(whole) ??
      whole
        .split(PARTS)
        .map(clean)
        .map(lookup)
        .find((c) => c !== undefined);
    if (found) return found;
  }
  return null;
}

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}
