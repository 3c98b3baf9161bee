import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppDeps } from '../app-deps.js';
import { createConsoleUser } from '../console/console-user-service.js';
import { canonicalUrl } from '../content/canonical-url.js';
import { contentIdByUrl } from '../content/content-url-repo.js';
import { insertSource } from '../content/source-repo.js';
import type { CrawlReport } from '../crawl/crawler.js';
import { newId } from '../lib/ids.js';
import { DEFAULT_ALGORITHM } from '../scenarios/algorithm-config.js';
import { upsertAlgorithm, upsertScenario } from '../scenarios/scenario-repo.js';
import { listTenants } from '../tenants/tenant-repo.js';
import { createTenant, issueApiKey } from '../tenants/tenant-service.js';
import { articleUrlOf, DEMO_SOURCES, feedUrlOf, latestArticle } from './demo-sources.js';

export interface DemoInfo {
  tenantId: string;
  apiKey: string;
  sampleContentId: string;
  /** Both demo console accounts' password ('' for a DATA_DIR seeded before the console existed). */
  consolePassword: string;
  seeded: boolean;
  /** The first crawl of each demo source (only when seeded now). */
  crawls: CrawlReport[];
}

const DEMO_TENANT = 'Demo tenant';
/** The demo's console logins: a member of the demo tenant, and an operator. */
export const DEMO_CONSOLE_MEMBER = 'member@demo.invalid';
export const DEMO_CONSOLE_OPERATOR = 'operator@demo.invalid';
const KEY_FILE = 'demo-api-key';

/**
 * Seeds an empty database with a demo tenant, its scenarios and the demo news
 * site's sources (src/demo/demo-site.ts), then crawls each source once through
 * the real pipeline so the feed has a few hundred articles when the server
 * says it is ready. Two console logins share a generated password. The demo key
 * and that password are kept in DATA_DIR so later starts can print them again (a
 * demo convenience; real keys are shown once and stored only hashed).
 */
export async function seedDemo(deps: AppDeps): Promise<DemoInfo | null> {
  const keyFile = path.join(deps.config.dataDir, KEY_FILE);
  const tenants = await listTenants(deps.db);
  const existing = tenants.find((t) => t.name === DEMO_TENANT);
  if (existing) {
    if (!existsSync(keyFile)) return null;
    const [apiKey, sampleContentId, consolePassword] = readFileSync(keyFile, 'utf8').trim().split('\n');
    return {
      tenantId: existing.id,
      apiKey: apiKey!,
      sampleContentId: sampleContentId ?? '',
      consolePassword: consolePassword ?? '',
      seeded: false,
      crawls: [],
    };
  }
  if (tenants.length > 0) return null;

  // The demo names its own scenarios (README): news-feed and daily-push.
  const tenant = await createTenant(deps, { name: DEMO_TENANT, plan: 'starter', default_scenarios: false });
  const { apiKey } = await issueApiKey(deps, tenant.id, 'demo');
  const now = deps.clock.now();
  await upsertAlgorithm(deps.db, {
    tenantId: tenant.id,
    id: 'default',
    config: { ...DEFAULT_ALGORITHM, languages: ['ja', 'en'] },
    createdAt: now,
    updatedAt: now,
  });
  for (const [name, type] of [
    ['news-feed', 'feed'],
    ['daily-push', 'push'],
  ] as const) {
    await upsertScenario(deps.db, { tenantId: tenant.id, name, type, algorithmId: 'default', createdAt: now, updatedAt: now });
  }

  const consolePassword = randomBytes(12).toString('base64url');
  await createConsoleUser(deps, { email: DEMO_CONSOLE_MEMBER, password: consolePassword, role: 'member', tenantId: tenant.id });
  await createConsoleUser(deps, { email: DEMO_CONSOLE_OPERATOR, password: consolePassword, role: 'operator' });

  const seeded = DEMO_SOURCES.filter((s) => s.seeded);
  const sourceIds: string[] = [];
  for (const source of seeded) {
    const id = newId('src');
    sourceIds.push(id);
    await insertSource(deps.db, {
      id,
      name: source.name,
      feedUrl: feedUrlOf(source),
      trustLevel: source.trustLevel,
      language: source.language,
      category: null,
      active: true,
      createdAt: now,
      updatedAt: now,
    });
  }
  const crawls = (await Promise.all(sourceIds.map((id) => deps.crawler.crawlNow(id)))).filter((r): r is CrawlReport => r !== null);

  const first = seeded[0]!;
  const sampleContentId = (await contentIdByUrl(deps.db, [canonicalUrl(articleUrlOf(first, latestArticle(first, now)))])) ?? '';
  writeFileSync(keyFile, `${apiKey}\n${sampleContentId}\n${consolePassword}\n`, { mode: 0o600 });
  return { tenantId: tenant.id, apiKey, sampleContentId, consolePassword, seeded: true, crawls };
}
