// The article object of a page's JSON-LD (schema.org NewsArticle and kin), which news sites
// publish for search engines: often the most reliable published time, sometimes the body.

export interface JsonLdArticle {
  datePublished: string | null;
  articleBody: string | null;
  headline: string | null;
}

const ARTICLE_TYPE = /^(?:\w*Article|BlogPosting|LiveBlogPosting|Report)$/;

function isArticle(node: Record<string, unknown>): boolean {
  const type = node['@type'];
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => typeof t === 'string' && ARTICLE_TYPE.test(t.replace(/^.*[/:#]/, '')));
}

function stringOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (Array.isArray(value)) return stringOf(value[0]);
  return null;
}

/** Depth-first over arrays, @graph and mainEntity, as sites nest the article in any of them. */
function findArticle(value: unknown, depth: number): Record<string, unknown> | null {
  if (depth > 4 || typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findArticle(item, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  const node = value as Record<string, unknown>;
  if (isArticle(node)) return node;
  return findArticle(node['@graph'], depth + 1) ?? findArticle(node['mainEntity'], depth + 1);
}

/** The first article object among the page's JSON-LD blocks; malformed blocks are skipped. */
export function readJsonLdArticle(blocks: string[]): JsonLdArticle | null {
  for (const block of blocks) {
    let parsed: unknown;
    try {
      // Some CMSs wrap the JSON in an HTML comment or CDATA marker.
      parsed = JSON.parse(block.replace(/^\s*(?:<!--|\/\*<!\[CDATA\[\*\/)|(?:-->|\/\*\]\]>\*\/)\s*$/g, ''));
    } catch {
      continue;
    }
    const article = findArticle(parsed, 0);
    if (article !== null) {
      return {
        datePublished: stringOf(article['datePublished']),
        articleBody: stringOf(article['articleBody']),
        headline: stringOf(article['headline']),
      };
    }
  }
  return null;
}
