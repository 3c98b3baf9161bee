import type { AlgorithmConfig } from '../scenarios/algorithm-config.js';
import type { Content } from './content-repo.js';

/** Items older than this are not in the feed's pool at all (feed/content-pool.ts, POOL_WINDOW_MS). */
const POOL_WINDOW_HOURS = 14 * 24;

/**
 * Whether an article can be served by an algorithm, and if not every reason why,
 * in the words an operator acts on. The same rules as the feed's candidate filter
 * (feed/retrieve-candidates.ts), read for one article; a user's read marks and
 * blocked sources are the user's, not the article's, and are left out. A hidden
 * article is served by no algorithm (feed/content-pool.ts leaves it out).
 */
export function servability(
  content: Pick<Content, 'publishedAt' | 'language' | 'category' | 'hidden'>,
  source: { trustLevel: number },
  config: AlgorithmConfig,
  now: number,
): { servable: boolean; reasons: string[] } {
  const reasons: string[] = [];
  if (content.hidden)
    reasons.push(
      `hidden by an operator on ${new Date(content.hidden.at).toISOString()}` +
        `${content.hidden.reason ? `: ${content.hidden.reason}` : ''} (unhide it to serve it again)`,
    );
  if (source.trustLevel < config.min_trust_level) {
    reasons.push(
      `its source's trust level ${source.trustLevel} is below the algorithm's min_trust_level ` +
        `${config.min_trust_level}${source.trustLevel === 0 ? ' (the source is not reviewed yet)' : ''}`,
    );
  }
  const ageHours = (now - content.publishedAt) / 3_600_000;
  if (ageHours > POOL_WINDOW_HOURS)
    reasons.push(`published ${Math.floor(ageHours / 24)} days ago: older than the ${POOL_WINDOW_HOURS / 24} days the feed holds`);
  else if (ageHours > config.max_age_hours)
    reasons.push(`published ${Math.floor(ageHours)} hours ago: older than the algorithm's max_age_hours ${config.max_age_hours}`);
  if (config.languages.length > 0 && (content.language === null || !config.languages.includes(content.language))) {
    reasons.push(`its language ${content.language ?? '(unknown)'} is not among the algorithm's languages ${config.languages.join(', ')}`);
  }
  if (config.include_categories.length > 0 && (content.category === null || !config.include_categories.includes(content.category))) {
    reasons.push(`its category ${content.category ?? '(none)'} is not among the algorithm's include_categories`);
  }
  if (content.category !== null && config.exclude_categories.includes(content.category)) {
    reasons.push(`its category ${content.category} is in the algorithm's exclude_categories`);
  }
  return { servable: reasons.length === 0, reasons };
}
