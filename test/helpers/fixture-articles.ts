import type { FixtureArticle } from './news-site.js';
import { seededRandom } from '../../src/lib/seeded-random.js';

const SUBJECTS = [
  '市の教育委員会',
  '地元の商店街',
  '県立病院',
  '鉄道会社',
  '大学の研究チーム',
  'プロ野球球団',
  '新興のIT企業',
  '水族館',
  '気象台',
  '消防本部',
  '図書館',
  '農業協同組合',
  '美術館',
  '自動車メーカー',
  '観光協会',
  '漁業組合',
];
const ACTIONS = [
  '新しい計画を発表した',
  '記者会見を開いた',
  '調査結果をまとめた',
  '来月から実験を始める',
  '住民説明会を予定している',
  '記録的な数字を達成した',
  '改修工事に着手した',
  '協定を結んだ',
  '展示会を開催する',
  '料金の改定を決めた',
];
const DETAILS = [
  '関係者によると、準備には約二年をかけたという。',
  '担当者は「利用者の声を反映した」と話している。',
  '専門家は今後の動向に注目している。',
  '昨年の同じ時期と比べて三割ほど増えた。',
  '詳しい日程は公式サイトで案内される予定だ。',
  '周辺の道路では混雑が予想される。',
  '費用の一部は国の補助金でまかなう。',
  '初日には多くの家族連れが訪れた。',
  '課題として人手不足を挙げる声もある。',
  '参加者からは驚きの声が上がった。',
  '夜間の運用についても検討を進める。',
  '売り上げは前年を大きく上回った。',
  '地域の子どもたちも招待される。',
  '安全対策の強化が求められている。',
];
const THINGS = [
  '新型の電動バス',
  '屋上庭園',
  '地元産の野菜',
  '古い写真の展示',
  '防災アプリ',
  '夜間の観光ツアー',
  '人工知能の案内係',
  '手作りの和菓子',
  '新しい遊歩道',
  '海洋ごみの回収装置',
  '再生可能エネルギー',
  '伝統工芸の体験教室',
];

const KANA = 'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン'.split('');

/**
 * Distinct Japanese news-like articles: each combines its own subjects,
 * actions, details and a serial number, so no two are near-duplicates.
 */
export function fixtureArticles(count: number, options: { prefix?: string; publishedAt?: Date; seed?: number } = {}): FixtureArticle[] {
  const rnd = seededRandom(options.seed ?? 1);
  const pick = <T>(items: T[]) => items[Math.floor(rnd() * items.length)]!;
  // Made-up names make every article's wording its own, as real reporting is.
  const name = () => Array.from({ length: 3 + Math.floor(rnd() * 3) }, () => pick(KANA)).join('');
  const base = options.publishedAt?.getTime() ?? Date.UTC(2026, 0, 15, 11, 0, 0);
  return Array.from({ length: count }, (_, i) => {
    const subject = pick(SUBJECTS);
    const thing = pick(THINGS);
    const paragraphs = Array.from({ length: 5 }, (_p, j) => {
      const sentences = [
        `${pick(SUBJECTS)}の${name()}氏は${i + 1}日、${pick(THINGS)}について${pick(ACTIONS)}。`,
        `${name()}地区では${name()}と${name()}が協力し、${j + 2}年がかりで${name()}の準備を進めてきた。`,
        j % 2 ? pick(DETAILS) : `${name()}さんは「${name()}の${name()}に期待したい」と話した。`,
      ];
      return sentences.join('');
    });
    return {
      slug: `${options.prefix ?? 'a'}-${i + 1}`,
      title: `${subject}が${thing}で${pick(ACTIONS)}（第${i + 1}報）`,
      paragraphs,
      publishedAt: new Date(base - i * 60_000),
      image: { name: `img-${i}`, width: 600 + (i % 5) * 100, height: 400, declared: i % 2 === 0 },
    };
  });
}
