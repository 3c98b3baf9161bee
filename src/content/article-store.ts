import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { ArticleAnalyser, ArticleFacts } from './article-analyser.js';
import type { ContentCatalog } from './content-catalog.js';
import { findContent, insertContent, saveContent, type Content } from './content-repo.js';
import { addContentUrls, contentIdByUrl } from './content-url-repo.js';
import { MIN_NEAR_DUPLICATE_CHARS } from '../analysis/simhash.js';
import type { NearDuplicateIndex } from './near-duplicate-index.js';
import { isSameStory } from './text-resemblance.js';

/** An article as gathered (crawled or ingested), before analysis. */
export interface ArticleDraft {
  sourceId: string;
  /** The URL clients open. */
  url: string;
  /** Every canonical URL the article was reached by; the first is its canonical URL. */
  urls: string[];
  title: string;
  summary: string;
  body: string;
  thumbnail: { url: string; width: number; height: number } | null;
  publishedAt: number;
  /** The item's own category labels, most specific first (the source's category is `sourceCategory`). */
  categoryHints: (string | null | undefined)[];
  sourceCategory: string | null;
  languageHint: string | null;
  firstSeenAt: number | null;
  /** Operator-given facts override what analysis finds (direct ingest). */
  overrides?: Partial<Pick<ArticleFacts, 'category' | 'language' | 'areas' | 'areaIds'>>;
}

export type SaveOutcome = 'new' | 'updated' | 'duplicate';

/**
 * Stores analysed articles once. The same article reached again is
 * recognised by any of its URLs or, from another link or source, by
 * near-duplicate text (SimHash); an article of the same source reached by one
 * of its URLs is updated in place and keeps its id.
 */
export class ArticleStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly analyser: ArticleAnalyser,
    private readonly nearDuplicates: NearDuplicateIndex,
    private readonly catalog: ContentCatalog,
  ) {}

  /** Loads recent fingerprints written by this or other workers. */
  refresh(): Promise<void> {
    return this.nearDuplicates.refresh(this.db, this.clock.now());
  }

  async save(
    draft: ArticleDraft,
    options: { updateId?: string | null; detectNearDuplicates?: boolean } = {},
  ): Promise<{ outcome: SaveOutcome; contentId: string }> {
    const byUrl = options.updateId ?? (await contentIdByUrl(this.db, draft.urls));
    const existing = byUrl ? await findContent(this.db, byUrl) : null;
    if (existing && existing.sourceId !== draft.sourceId) {
      await addContentUrls(this.db, existing.id, draft.urls);
      return { outcome: 'duplicate', contentId: existing.id };
    }

    const [facts] = await this.analyser.analyse([
      {
        title: draft.title,
        text: draft.body || draft.summary,
        categoryHints: draft.categoryHints,
        sourceCategory: draft.sourceCategory,
        languageHint: draft.languageHint,
      },
    ]);
    const f = { ...facts!, ...definedOnly(draft.overrides ?? {}) };
    if (!existing && options.detectNearDuplicates !== false) {
      const twin = await this.sameStory(draft, f.simhash);
      if (twin) {
        await addContentUrls(this.db, twin, draft.urls);
        return { outcome: 'duplicate', contentId: twin };
      }
    }

    const now = this.clock.now();
    const content: Content = {
      id: existing?.id ?? newId('cnt'),
      sourceId: draft.sourceId,
      url: draft.url,
      canonicalUrl: existing?.canonicalUrl ?? draft.urls[0]!,
      title: draft.title,
      summary: draft.summary,
      body: draft.body,
      thumbnail: draft.thumbnail,
      category: f.category,
      categorySource: draft.overrides?.category ? 'feed' : f.categorySource,
      language: f.language,
      publishedAt: draft.publishedAt,
      areas: f.areas,
      areaIds: f.areaIds,
      keywords: f.keywords,
      simhash: f.simhash,
      vector: f.vector,
      embedder: f.embedder,
      firstSeenAt: existing?.firstSeenAt ?? draft.firstSeenAt,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
      hidden: existing?.hidden ?? null,
    };
    try {
      await this.db.transaction().execute(async (trx) => {
        if (existing) await saveContent(trx, content);
        else await insertContent(trx, content);
        await addContentUrls(trx, content.id, draft.urls);
      });
    } catch (err) {
      // Another crawl stored the same article between our lookup and insert.
      const twin = !existing && isUniqueViolation(err) ? await contentIdByUrl(this.db, draft.urls) : null;
      if (twin) return { outcome: 'duplicate', contentId: twin };
      throw err;
    }
    this.nearDuplicates.add(content.id, content.simhash!, content.publishedAt);
    this.catalog.forget(content.id);
    return { outcome: existing ? 'updated' : 'new', contentId: content.id };
  }

  /**
   * An article already held that tells the same story: SimHash nominates
   * candidates cheaply, their texts decide (text-resemblance.ts). Short texts
   * have too few shingles for either, so they match by URL only.
   */
  private async sameStory(draft: ArticleDraft, simhashHex: string): Promise<string | null> {
    if (draft.body.length < MIN_NEAR_DUPLICATE_CHARS) return null;
    for (const id of this.nearDuplicates.candidates(simhashHex)) {
      const other = await findContent(this.db, id);
      if (other && isSameStory(draft, other)) return id;
    }
    return null;
  }
}

/** SQLite's and PostgreSQL's way of saying a unique index refused the row. */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
}
