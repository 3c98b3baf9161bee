/**
 * The demo corpus's vocabulary: our own words, put together by corpus.ts into
 * articles about places the gazetteer knows. Nothing here is copied from a real
 * report, and every article says it is generated.
 */
export interface TopicWords {
  /** Title fragments: what happened. */
  topics: readonly string[];
  /** What people say about it. */
  quotes: readonly string[];
  /** A trend it belongs to. */
  trends: readonly string[];
  /** What happens next. */
  plans: readonly string[];
  /** Who is involved. */
  groups: readonly string[];
}

export const JA_AREAS = [
  '渋谷駅',
  '新宿駅',
  '池袋駅',
  '東京駅',
  '品川駅',
  '横浜駅',
  '博多駅',
  '札幌駅',
  '名古屋駅',
  '京都駅',
  '仙台駅',
  '横浜市',
  '札幌市',
  '福岡市',
  '名古屋市',
  '大阪市',
  '仙台市',
  '京都市',
  '神戸市',
  '世田谷区',
  '渋谷区',
  '金沢市',
  '那覇市',
  '広島市',
  '川崎市',
] as const;

export const JA_SURNAMES = [
  '佐藤',
  '鈴木',
  '高橋',
  '田中',
  '伊藤',
  '渡辺',
  '山本',
  '中村',
  '小林',
  '加藤',
  '吉田',
  '山田',
  '松本',
  '井上',
] as const;
export const JA_ROLES = ['実行委員長', '担当者', '店主', '監督', '研究員', '会社員', '代表', '主任', '学生', '会長'] as const;

export const JA_WORDS: Record<string, TopicWords> = {
  society: {
    topics: [
      '防災訓練に住民が参加',
      '新しい保育園が開園',
      '路線バスの運行本数を見直し',
      '空き家の活用策を検討',
      '夜間の見守り活動を拡充',
      '図書館の開館時間を延長',
    ],
    quotes: [
      'いざという時に慌てないよう、毎年参加している',
      '子どもを安心して預けられる場所が増えてうれしい',
      '地域で支え合う仕組みを続けたい',
      '利用者の声を聞きながら改善していく',
    ],
    trends: ['人口の高齢化', '共働き世帯の増加', '住民同士のつながりの希薄化', '公共交通の担い手不足'],
    plans: ['来年度の予算案に関連費用を盛り込む', '住民向けの説明会を開く', '近隣の自治体と連携する', '利用状況を調べて次の計画に生かす'],
    groups: ['町内会', '自治会', '保護者の会', '商店会'],
  },
  politics: {
    topics: [
      '市議会で新年度予算案を審議',
      '知事が子育て支援策を発表',
      '住民投票の実施を求める署名',
      '議会改革の検討会が初会合',
      '市長選の立候補予定者が出そろう',
    ],
    quotes: [
      '市民の暮らしに直結する予算なので丁寧に議論したい',
      '若い世代の声をもっと政策に反映させたい',
      '財源の裏付けをはっきりさせてほしい',
    ],
    trends: ['行政のデジタル化', '投票率の低下', '財政の引き締め', '子育て世帯への支援拡充'],
    plans: ['来月の本会議で採決する', '有識者の意見を聞く場を設ける', 'パブリックコメントを募る'],
    groups: ['市民団体', '若手議員の会', '経済団体'],
  },
  business: {
    topics: [
      '駅前の再開発計画が前進',
      '地元企業が新製品を発表',
      '新しい商業施設が開業',
      '老舗の和菓子店が二号店',
      '物流拠点の建設が始まる',
      '地元銀行が起業支援の窓口',
    ],
    quotes: [
      '地域の皆さんに長く愛される店にしたい',
      '人手不足を機械化で補っていく',
      '地元の素材を生かした商品で勝負したい',
      '初日から想像以上の人出だった',
    ],
    trends: ['観光客の回復', '原材料価格の上昇', '人手不足', 'ネット通販の拡大'],
    plans: ['年内に売り場を広げる', '海外への出荷も視野に入れる', '地元の大学と共同で研究する', '新たに従業員を採用する'],
    groups: ['商工会議所', '地元の事業者', '出店者'],
  },
  local: {
    topics: [
      '商店街で夏祭り',
      '公園の桜が見頃',
      '駅前広場に花壇が完成',
      '地域の清掃活動に参加者が集まる',
      '古い銭湯が改装して再開',
      '朝市に新しい出店者',
    ],
    quotes: [
      '毎年この時期を楽しみにしている',
      '子どもの頃から通っている場所なのでうれしい',
      '人が集まるきっかけになれば',
      'もっと多くの人に知ってほしい',
    ],
    trends: ['まちなかのにぎわいづくり', '若い世代の移住', '地元の魅力の見直し', '空き店舗の活用'],
    plans: ['秋にも同様の催しを開く', '参加者をさらに募る', '地図や案内板を整える', 'ボランティアを増やす'],
    groups: ['商店街振興組合', '地元の小学校', '観光協会', '住民有志'],
  },
  sports: {
    topics: [
      '地元チームが逆転勝利',
      'マラソン大会に一万人が参加',
      '高校野球の地区予選が開幕',
      '新スタジアムの設計案を公開',
      '女子サッカーチームが初優勝',
      'バスケットボールの新リーグが開幕',
    ],
    quotes: ['最後まで諦めずに戦えたのが勝因だ', '沿道の声援が力になった', '次の試合も自分たちの野球をしたい', 'ファンと一緒に喜びたい'],
    trends: ['観客数の回復', '女子スポーツの人気', '地域密着型クラブの広がり', '市民ランナーの増加'],
    plans: ['来季はさらに上位を目指す', '練習施設を地域に開放する', '次の大会に向けて強化合宿を行う'],
    groups: ['応援団', 'サポーター', '競技団体', '地元の少年団'],
  },
  gourmet: {
    topics: [
      '地元食材のランチが人気',
      '新しいパン屋が開店',
      'ご当地ラーメンの食べ比べ',
      '老舗そば店が限定メニュー',
      '駅ナカに甘味処が登場',
    ],
    quotes: ['素材の味を生かすことにこだわった', '行列ができるとは思わなかった', '季節ごとに内容を変えていく'],
    trends: ['地産地消の広がり', 'テイクアウト需要', '食べ歩き観光'],
    plans: ['秋には新しいメニューを加える', '生産者を招いた試食会を開く', '持ち帰り用の商品を増やす'],
    groups: ['生産者', '飲食店組合', '常連客'],
  },
  lifestyle: {
    topics: ['子育て世帯向けの住まい相談会', '自転車の安全講習に親子が参加', '古着の交換会がにぎわう', '家庭菜園の教室が人気'],
    quotes: ['気軽に相談できる場があって助かる', '楽しみながら学べた', '捨てずに使い続ける工夫を広めたい'],
    trends: ['在宅時間の増加', '節約志向', '環境に配慮した暮らし'],
    plans: ['毎月の定例行事にする', 'オンラインでも参加できるようにする', '講師を増やす'],
    groups: ['主催団体', '参加者', '地元のNPO'],
  },
  culture: {
    topics: ['美術館で特別展が始まる', '市民劇団が新作を上演', '古文書の展示会を開催', '映画祭の受賞作が決定', '伝統工芸の体験教室'],
    quotes: ['作品を通して地域の歴史を感じてほしい', '初めての人にも楽しめる内容にした', '若い世代に技を受け継ぎたい'],
    trends: ['文化施設の来館者数の回復', '伝統工芸の後継者不足', '地域の歴史への関心'],
    plans: ['会期中に講演会を開く', '巡回展として他の都市でも公開する', '学校向けの鑑賞会を設ける'],
    groups: ['学芸員', '保存会', '実行委員会'],
  },
  science: {
    topics: [
      '大学が新しい電池材料を開発',
      '小惑星の観測に市民が協力',
      '海洋ごみの調査結果を公表',
      '植物工場の実証実験',
      '睡眠と学力の関係を調査',
    ],
    quotes: ['実用化まではまだ課題が多い', '身近な疑問から研究が始まった', 'データを公開して検証してもらいたい'],
    trends: ['脱炭素への取り組み', '市民参加型の研究', '研究データの公開'],
    plans: ['企業と共同で量産を目指す', '観測を来年も続ける', '国際学会で発表する'],
    groups: ['研究チーム', '共同研究先の企業', '観測ボランティア'],
  },
  health: {
    topics: ['健康診断の受診率が向上', '薬局で相談会を開催', 'ウォーキング大会に高齢者が参加', '熱中症への注意を呼びかけ'],
    quotes: ['早めの受診が何より大切だ', '無理のない範囲で体を動かしてほしい', '気軽に立ち寄れる場所にしたい'],
    trends: ['健康寿命への関心', '在宅医療の広がり', '予防医療の重視'],
    plans: ['夜間や休日にも相談を受け付ける', '地域の医療機関と情報を共有する', '啓発のチラシを配る'],
    groups: ['保健所', '医師会', '地域包括支援センター'],
  },
};

export const EN_PLACES = [
  'Shibuya',
  'Shinjuku',
  'Osaka',
  'Sapporo',
  'Fukuoka',
  'Kyoto',
  'Yokohama',
  'Nagoya',
  'Singapore',
  'Seoul',
  'Berlin',
  'Toronto',
] as const;
export const EN_NAMES = [
  'Aiko Mori',
  'Ken Ito',
  'Maria Lopez',
  'James Chen',
  'Sara Novak',
  'David Kim',
  'Emma Weber',
  'Yuki Sato',
] as const;
export const EN_ROLES = [
  'an engineer',
  'a researcher',
  'a spokesperson',
  'an analyst',
  'a shop owner',
  'a city official',
  'a founder',
] as const;

export const EN_WORDS: Record<string, TopicWords> = {
  technology: {
    topics: [
      'An open-source database reaches version 1.0',
      'Chip makers report record demand',
      'City trials self-driving shuttles',
      'A startup ships a faster JSON parser',
      'Rail operator moves ticketing to phones',
      'Battery swap stations open for scooters',
    ],
    quotes: [
      'we wanted something people can run on a laptop',
      'the hard part was making it boring and reliable',
      'demand is coming from places we did not expect',
      'riders will notice the difference on day one',
    ],
    trends: [
      'the push to run software closer to users',
      'a shortage of skilled engineers',
      'cities testing automation in public transport',
      'the move away from paper tickets',
    ],
    plans: [
      'publish the benchmark data next month',
      'open the pilot to more districts',
      'hire another twenty engineers',
      'support two more languages by spring',
    ],
    groups: ['early users', 'the maintainers', 'local transport authorities', 'investors'],
  },
  science: {
    topics: [
      'Researchers map microplastics in a river delta',
      'A telescope team spots a fast radio burst',
      'Students build a weather station network',
      'A lab grows rice with less water',
    ],
    quotes: ['the data surprised us more than once', 'anyone can check our measurements', 'it is a small step, but a real one'],
    trends: ['open data in research', 'citizen science projects', 'climate adaptation in farming'],
    plans: ['repeat the survey next season', 'share the sensors with schools', 'submit the results for peer review'],
    groups: ['the research team', 'volunteers', 'partner universities'],
  },
  world: {
    topics: [
      'Port city opens a new ferry terminal',
      'Two cities sign a climate partnership',
      'Festival draws visitors back to the old town',
      'New rail link cuts travel time in half',
    ],
    quotes: ['people have waited a long time for this', 'it changes how we plan our week', 'visitors are staying longer than before'],
    trends: ['the recovery of international travel', 'investment in public transport', 'cities sharing climate plans'],
    plans: ['extend the service to weekends', 'hold a second round of talks in autumn', 'add another line by 2028'],
    groups: ['residents', 'regional officials', 'tour operators'],
  },
  business: {
    topics: [
      'Retail sales rise for a third month',
      'Tourism spending rebounds in spring',
      'A rail operator posts higher earnings',
      'Coffee chain opens its first store abroad',
      'Local brewery doubles its output',
    ],
    quotes: [
      'customers are coming back, but they compare prices more',
      'we are cautious about the second half',
      'the new market is a test for us',
    ],
    trends: ['rising costs of raw materials', 'a tight labour market', 'the return of foreign visitors'],
    plans: ['open three more stores this year', 'raise wages for part-time staff', 'invest in a second production line'],
    groups: ['shoppers', 'shareholders', 'suppliers'],
  },
  travel: {
    topics: [
      'Mountain trail reopens after repairs',
      'Night trains make a comeback',
      'A hot spring town launches walking tours',
      'Museum pass covers twelve city museums',
    ],
    quotes: ['the view from the top is worth the climb', 'we sold out the first month in a week', 'visitors want to slow down'],
    trends: ['slow travel', 'visitors spreading beyond the big cities', 'rail over short flights'],
    plans: ['add English signs along the route', 'run extra trains in the holidays', 'offer a family ticket'],
    groups: ['hikers', 'hotel owners', 'the tourism board'],
  },
};
