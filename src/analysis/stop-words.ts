/**
 * Words that say nothing about what an article is about. One list for every language: a
 * Japanese article quotes English words and the reverse, and a shared set costs nothing.
 *
 * Japanese: hiragana-only tokens of up to 3 characters are dropped by rule in tokenize.ts
 * (particles, auxiliaries: の, した, という …), so only longer function words are listed here.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  // English
  ...'a about above after again against all also am an and any are as at be because been before being below between both but by'.split(' '),
  ...'can could did do does doing down during each few for from further had has have having he her here hers herself him'.split(' '),
  ...'himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our'.split(' '),
  ...'ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they'.split(' '),
  ...'this those through to too under until up very was we were what when where which while who whom why will with would you'.split(' '),
  ...'your yours yourself yourselves said says new one two also get got via per amp'.split(' '),
  // Japanese function words longer than 3 characters, and common kanji/katakana fillers
  ...'について における によって により による として とともに ところ ときには ください いただく いただき られる られた させる させた しかし しかも そして ただし さらに または あるいは すなわち つまり なぜなら ものの'.split(
    ' ',
  ),
  ...'けれども ですが でした ません ました ます です こちら そちら あちら どちら これら それら だろう でしょう かもしれない いずれ ほとんど 今回 今後 場合 以上 以下 以外 記事 関連 関連記事 http https www'.split(
    ' ',
  ),
  ...'com jp html'.split(' '),
]);
