import { canonicalUrl } from '../content/canonical-url.js';
import type { ArticleDraft } from '../content/article-store.js';
import { summarise } from '../content/summarise.js';
import type { Source } from '../content/source-repo.js';
import { decodeText } from '../extract/decode-text.js';
import { extractArticle } from '../extract/extract-article.js';
import { measureImage } from '../extract/measure-image.js';
import type { FeedEntry } from '../extract/parse-feed.js';
import type { PoliteFetcher } from '../fetch/polite-fetcher.js';

const MAX_PAGE_BYTES = 5 * 1024 * 1024;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;

/** An article page that could not be used; the entry is retried on later crawls. */
export class ArticleError extends Error {}

/**
 * Fetches an entry's page and turns it, with what the feed said, into an
 * article draft: main text, canonical URL, title, summary, thumbnail with its
 * size (from og:image:width/height, else measured from the image itself) and
 * published time (the feed's date, else the page's).
 */
export async function fetchArticle(fetcher: PoliteFetcher, source: Source, entry: FeedEntry, now: number): Promise<ArticleDraft> {
  const page = await fetcher.fetch(entry.url, {
    headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1' },
    maxBytes: MAX_PAGE_BYTES,
  });
  if (page.status < 200 || page.status > 299) throw new ArticleError(`${entry.url} answered HTTP ${page.status}`);
  const contentType = page.headers['content-type'];
  if (contentType && !HTML_TYPES.test(contentType))
    throw new ArticleError(`${entry.url} is ${contentType.split(';')[0]}, not an HTML page`);

  const article = extractArticle(decodeText(page.body, contentType), page.url);
  const title = entry.title ?? article.title;
  if (!title) throw new ArticleError(`${entry.url} has no title`);
  const text = article.text || entry.summary || '';
  // A page may name a canonical URL on its own host only: otherwise any source
  // could claim another's articles (theirs would then be "duplicates" of ours).
  const canonical = article.canonicalUrl && sameHost(article.canonicalUrl, page.url) ? article.canonicalUrl : null;
  const urls = [canonical, page.url, entry.url].filter((u): u is string => !!u).map(canonicalUrl);

  const image = article.image ?? (entry.imageUrl ? { url: entry.imageUrl, width: null, height: null } : null);
  return {
    sourceId: source.id,
    url: canonical ?? page.url,
    urls: [...new Set(urls)],
    title,
    summary: entry.summary || article.description || summarise(text),
    body: text,
    thumbnail: image && (await sizedImage(fetcher, image)),
    publishedAt: entry.publishedAt ?? article.publishedAt ?? now,
    categoryHints: [...entry.categories, article.section],
    sourceCategory: source.category,
    languageHint: article.language ?? source.language,
    firstSeenAt: now,
  };
}

function sameHost(a: string, b: string): boolean {
  return new URL(a).hostname === new URL(b).hostname;
}

/** The image with its size; null when it cannot be fetched or is not an image (an article without a thumbnail is still an article). */
async function sizedImage(
  fetcher: PoliteFetcher,
  image: { url: string; width: number | null; height: number | null },
): Promise<{ url: string; width: number; height: number } | null> {
  if (image.width && image.height) return { url: image.url, width: image.width, height: image.height };
  try {
    // The size is in the first bytes of every format we read: ask for those only
    // (a server that ignores Range sends it all, within MAX_IMAGE_BYTES).
    const response = await fetcher.fetch(image.url, { headers: { accept: 'image/*', range: 'bytes=0-262143' }, maxBytes: MAX_IMAGE_BYTES });
    if (response.status < 200 || response.status > 299) return null;
    const size = measureImage(response.body);
    return size && { url: image.url, width: size.width, height: size.height };
  } catch {
    return null;
  }
}
