import { loadLanguageDetector } from '../analysis/detect-language.js';
import { analyseArticle } from '../analysis/analyse-article.js';
import { normaliseCategory } from '../analysis/categories.js';
import { CategoryClassifier } from '../analysis/category-classifier.js';
import type { CategorySource } from '../analysis/category-source.js';
import type { DocumentFrequencies } from '../analysis/document-frequencies.js';
import type { Embedder } from '../analysis/embedder.js';
import { toHex } from '../analysis/simhash.js';
import { encodeVector } from '../analysis/vector-codec.js';
import type { AreaDirectory } from '../areas/area-directory.js';

export interface ArticleText {
  title: string;
  text: string;
  /** The item's own category labels (feed entry, page section, ingest), most specific first. */
  categoryHints: (string | null | undefined)[];
  /** The category an operator set on the source: used when the item has no label of its own. */
  sourceCategory?: string | null;
  languageHint?: string | null;
}

export interface ArticleFacts {
  language: string | null;
  /** Never null: a label, else the classifier's guess, else `other`. */
  category: string;
  categorySource: CategorySource;
  keywords: string[];
  simhash: string;
  /** Names of the most specific areas mentioned (what clients see). */
  areas: string[];
  /** Those areas and their ancestors (what area retrieval matches). */
  areaIds: string[];
  vector: string;
  embedder: string;
}

/** Only the opening of very long articles is embedded: it carries the topic, and cost grows with length. */
const EMBED_CHARS = 4000;

/**
 * Everything the service learns from an article's text: language, category,
 * keywords, areas, near-duplicate fingerprint and semantic vector. Runs in
 * the worker (crawler) and on the operator's direct ingest, never on a
 * tenant's request path. Term statistics are learned as articles arrive.
 */
export class ArticleAnalyser {
  constructor(
    private readonly embedder: Embedder,
    readonly termStats: DocumentFrequencies,
    private readonly areas: AreaDirectory,
    /** Learns from every labelled article analysed here, and guesses the others' categories. */
    readonly categories: CategoryClassifier = new CategoryClassifier(),
  ) {}

  get embedderId(): string {
    return this.embedder.id;
  }

  async analyse(articles: ArticleText[]): Promise<ArticleFacts[]> {
    await loadLanguageDetector();
    const analyses = articles.map((a) => {
      const analysis = analyseArticle(a, this.termStats);
      this.termStats.add(analysis.terms);
      return analysis;
    });
    const vectors = await this.embedder.embed(articles.map((a) => `${a.title}\n${a.text.slice(0, EMBED_CHARS)}`));
    return articles.map((article, i) => {
      const analysis = analyses[i]!;
      const tagged = this.areas.tag(`${article.title}\n${article.text}`);
      const { category, source } = this.categorise(analysis.category, article.sourceCategory, analysis.terms);
      return {
        language: analysis.language,
        category,
        categorySource: source,
        keywords: analysis.keywords,
        simhash: toHex(analysis.simhash),
        areas: [...new Set(tagged.map((area) => area.name))],
        areaIds: this.areas.withAncestors(tagged.map((area) => area.id)),
        vector: encodeVector(vectors[i]!),
        embedder: this.embedder.id,
      };
    });
  }

  /** The item's label, else its source's; both teach the classifier, which guesses the rest. */
  private categorise(
    itemLabel: string | null,
    sourceCategory: string | null | undefined,
    terms: string[],
  ): { category: string; source: CategorySource } {
    const labelled = itemLabel !== null ? { category: itemLabel, source: 'feed' as const } : sourceLabel(sourceCategory);
    if (labelled === null) return { category: this.categories.classify(terms).category, source: 'classifier' };
    if (isLearnable(labelled.category)) this.categories.learn(terms, labelled.category);
    return labelled;
  }
}

function sourceLabel(sourceCategory: string | null | undefined): { category: string; source: 'source' } | null {
  const category = normaliseCategory(sourceCategory);
  return category === null ? null : { category, source: 'source' };
}

const isLearnable = (category: string): category is Parameters<CategoryClassifier['learn']>[1] => category !== 'other';
