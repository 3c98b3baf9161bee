import type { Embedder } from '../analysis/embedder.js';
import { AreaDirectory } from '../areas/area-directory.js';
import { ArticleAnalyser } from '../content/article-analyser.js';
import { ArticleStore } from '../content/article-store.js';
import type { ContentCatalog } from '../content/content-catalog.js';
import { CorpusSync } from '../content/corpus-sync.js';
import { NearDuplicateIndex } from '../content/near-duplicate-index.js';
import type { DocumentFrequencies } from '../analysis/document-frequencies.js';
import type { RuntimeBase } from './runtime-base.js';

/**
 * The analysis of articles: the gazetteer, the term statistics and the embedder
 * the root chose (an ONNX model with EMBEDDING_MODEL_PATH, else hashed TF-IDF
 * over those statistics), the analyser, the article store and the corpus kept
 * in step with other processes.
 */
export async function buildContentPipeline(
  { database, clock, log }: RuntimeBase,
  parts: { embedder: Embedder; termStats: DocumentFrequencies; catalog: ContentCatalog },
) {
  const { embedder, termStats, catalog } = parts;
  const areas = await AreaDirectory.load(database.db);
  log.info({ embedder: embedder.id, areas: areas.size }, 'content pipeline ready');
  const analyser = new ArticleAnalyser(embedder, termStats, areas);
  const articles = new ArticleStore(database.db, clock, analyser, new NearDuplicateIndex(), catalog);
  const corpus = new CorpusSync({ db: database.db, clock, areas, termStats, log });
  return { areas, analyser, articles, corpus };
}
