import { analyseArticle } from '../analysis/analyse-article.js';
import type { DocumentFrequencies } from '../analysis/document-frequencies.js';
import type { Embedder } from '../analysis/embedder.js';
import { toHex } from '../analysis/simhash.js';
import { encodeVector } from '../analysis/vector-codec.js';
import type { AreaDirectory } from '../areas/area-directory.js';

export interface ArticleText {
  title: string;
  text: string;
  /** Category labels from the feed, the page and the source, most specific first. */
  categoryHints: (string | null | undefined)[];
  languageHint?: string | null;
}

export interface ArticleFacts {
  language: string | null;
  category: string | null;
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
  ) {}

  get embedderId(): string {
    return this.embedder.id;
  }

  async analyse(articles: ArticleText[]): Promise<ArticleFacts[]> {
    const analyses = articles.map((a) => {
      const analysis = analyseArticle(a, this.termStats);
      this.termStats.add(analysis.terms);
      return analysis;
    });
    const vectors = await this.embedder.embed(articles.map((a) => `${a.title}\n${a.text.slice(0, EMBED_CHARS)}`));
    return articles.map((article, i) => {
      const analysis = analyses[i]!;
      const tagged = this.areas.tag(`${article.title}\n${article.text}`);
      return {
        language: analysis.language,
        category: analysis.category,
        keywords: analysis.keywords,
        simhash: toHex(analysis.simhash),
        areas: [...new Set(tagged.map((area) => area.name))],
        areaIds: this.areas.withAncestors(tagged.map((area) => area.id)),
        vector: encodeVector(vectors[i]!),
        embedder: this.embedder.id,
      };
    });
  }
}
