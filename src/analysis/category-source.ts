/**
 * Where an article's category came from (docs/analysis.md):
 * - `feed`: the item's own label (its feed entry, its page's section, or the category given at ingest);
 * - `source`: the category an operator set on its source;
 * - `classifier`: learned from the labelled articles (category-classifier.ts); `other` when unsure.
 */
export type CategorySource = 'feed' | 'source' | 'classifier';
