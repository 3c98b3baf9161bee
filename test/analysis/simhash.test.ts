import { describe, expect, it } from 'vitest';
import { fromHex, hammingDistance, NEAR_DUPLICATE_DISTANCE, simhash, toHex } from '../../src/analysis/simhash.js';

const article = [
  '気象庁によると、強い勢力の台風10号は31日午後、九州南部に上陸する見込みだ。',
  '鹿児島県や宮崎県では記録的な大雨となるおそれがあり、土砂災害や河川の氾濫に厳重な警戒が必要だ。',
  '交通機関にも影響が広がり、九州新幹線は30日から計画運休を実施している。',
  '航空各社も鹿児島空港や宮崎空港を発着する便の欠航を決めた。',
  '政府は関係閣僚会議を開き、住民の早めの避難を呼びかけるよう自治体に要請した。',
  '専門家は、台風の速度が遅く、同じ地域に長時間雨が降り続く点を警戒すべきだと指摘している。',
  '各地の自治体は避難所を開設し、高齢者や障害のある人の避難を支援する体制を整えた。',
  'コンビニやスーパーでは飲料水や乾電池などを買い求める客が相次ぎ、品薄となる店舗も出ている。',
].join('');

const other = [
  '日本銀行は31日の金融政策決定会合で、政策金利を据え置くことを決めた。',
  '植田総裁は会見で、賃金と物価の好循環が続けば追加利上げを検討すると述べた。',
  '市場では年内の利上げを予想する声が多く、円相場は対ドルでやや上昇した。',
  '一方、個人消費には力強さを欠く面もあり、慎重な判断を求める意見もある。',
  '政府は日銀と緊密に連携し、経済の動向を注視するとしている。',
  '次回の会合は9月に予定されており、物価見通しの修正が焦点となる。',
  '住宅ローンの変動金利への影響を心配する声もあり、金融機関は顧客への説明を強化している。',
  '海外の中央銀行の動向も注目され、市場関係者は米国の雇用統計の発表を待っている。',
].join('');

describe('simhash', () => {
  it('is stable across runs and fits 64 bits', () => {
    const h = simhash(article);
    expect(simhash(article)).toBe(h);
    expect(h >= 0n && h < 1n << 64n).toBe(true);
  });

  it('keeps near-duplicates within NEAR_DUPLICATE_DISTANCE', () => {
    const base = simhash(`台風10号、九州南部に上陸へ\n${article}`);
    const retitled = simhash(`【速報】台風10号が上陸の見通し\n${article}`);
    const footer = simhash(`台風10号、九州南部に上陸へ\n${article}\n（共同通信）関連記事はこちら`);
    expect(hammingDistance(base, retitled)).toBeLessThanOrEqual(NEAR_DUPLICATE_DISTANCE);
    expect(hammingDistance(base, footer)).toBeLessThanOrEqual(NEAR_DUPLICATE_DISTANCE);
  });

  it('puts different articles further apart than NEAR_DUPLICATE_DISTANCE', () => {
    expect(hammingDistance(simhash(article), simhash(other))).toBeGreaterThan(NEAR_DUPLICATE_DISTANCE);
  });

  it('shingles words for space-separated text', () => {
    const en = [
      'The city council approved the new budget on Tuesday after a long debate about housing and transport spending in the coming year.',
      'Members voted eleven to four in favour, with the opposition arguing that the plan does too little for families facing rising rents.',
      'The mayor said the budget would fund two new bus routes, repairs to the central library and an extra four hundred affordable homes.',
      'Business groups welcomed the decision but warned that higher parking charges could keep shoppers away from the city centre.',
    ].join(' ');
    const enEdited = `${en} Reporting by the city desk.`;
    const enOther = [
      'Scientists have discovered a new species of frog in the rainforest, living high in the canopy and feeding on tiny insects at night.',
      'The team spent three months recording calls before they were sure the animal had never been described, the lead researcher said.',
      'The frog is smaller than a thumbnail and its bright orange skin may warn predators that it is poisonous to eat.',
      'Conservation groups say logging in the region threatens the habitat of the species and many others that have yet to be found.',
    ].join(' ');
    expect(hammingDistance(simhash(en), simhash(enEdited))).toBeLessThanOrEqual(NEAR_DUPLICATE_DISTANCE);
    expect(hammingDistance(simhash(en), simhash(enOther))).toBeGreaterThan(NEAR_DUPLICATE_DISTANCE);
  });

  it('ignores width, case, spacing and punctuation differences', () => {
    expect(simhash('ＡＢＣニュース：東京、晴れ。')).toBe(simhash('abcニュース 東京 晴れ'));
  });
});

describe('hammingDistance and hex', () => {
  it('counts differing bits', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0n, (1n << 64n) - 1n)).toBe(64);
    expect(hammingDistance(0b1011n, 0b0001n)).toBe(2);
  });

  it('round-trips through 16 hex digits', () => {
    for (const h of [0n, 1n, (1n << 64n) - 1n, simhash(article)]) {
      const hex = toHex(h);
      expect(hex).toMatch(/^[0-9a-f]{16}$/);
      expect(fromHex(hex)).toBe(h);
    }
    expect(toHex(1n)).toBe('0000000000000001');
    expect(() => fromHex('xyz')).toThrow(TypeError);
    expect(() => fromHex('0123')).toThrow(TypeError);
  });
});
