import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppDeps } from '../app-deps.js';
import { ingestContent } from '../content/content-service.js';
import { insertSource } from '../content/source-repo.js';
import { newId } from '../lib/ids.js';
import { DEFAULT_ALGORITHM } from '../scenarios/algorithm-config.js';
import { upsertAlgorithm, upsertScenario } from '../scenarios/scenario-repo.js';
import { listTenants } from '../tenants/tenant-repo.js';
import { createTenant, issueApiKey } from '../tenants/tenant-service.js';
import { DEMO_SOURCES, generateDemoCorpus } from './corpus.js';

export interface DemoInfo {
  tenantId: string;
  apiKey: string;
  sampleContentId: string;
  seeded: boolean;
}

const DEMO_TENANT = 'Demo tenant';
const DEMO_ARTICLES = 240;
const KEY_FILE = 'demo-api-key';

/**
 * Seeds a demo tenant, its scenarios, sources and a generated corpus into an
 * empty database. The demo key is kept in DATA_DIR so later starts can print it
 * again (a demo convenience; real keys are shown once and only hashed).
 */
export async function seedDemo(deps: AppDeps): Promise<DemoInfo | null> {
  const keyFile = path.join(deps.config.dataDir, KEY_FILE);
  const tenants = await listTenants(deps.db);
  const existing = tenants.find((t) => t.name === DEMO_TENANT);
  if (existing) {
    if (!existsSync(keyFile)) return null;
    const [apiKey, sampleContentId] = readFileSync(keyFile, 'utf8').trim().split('\n');
    return { tenantId: existing.id, apiKey: apiKey!, sampleContentId: sampleContentId ?? '', seeded: false };
  }
  if (tenants.length > 0) return null;

  const tenant = await createTenant(deps, { name: DEMO_TENANT, plan: 'starter' });
  const { apiKey } = await issueApiKey(deps, tenant.id, 'demo');
  const now = deps.clock.now();
  await upsertAlgorithm(deps.db, { tenantId: tenant.id, id: 'default', config: { ...DEFAULT_ALGORITHM, languages: ['ja', 'en'] }, createdAt: now, updatedAt: now });
  for (const [name, type] of [['news-feed', 'feed'], ['daily-push', 'push']] as const) {
    await upsertScenario(deps.db, { tenantId: tenant.id, name, type, algorithmId: 'default', createdAt: now, updatedAt: now });
  }

  const sourceIds: string[] = [];
  for (const s of DEMO_SOURCES) {
    const id = newId('src');
    sourceIds.push(id);
    await insertSource(deps.db, {
      id,
      name: s.name,
      feedUrl: null,
      trustLevel: s.trust,
      language: s.language,
      category: s.category,
      active: true,
      createdAt: now,
      updatedAt: now,
    });
  }

  let sampleContentId = '';
  for (const article of generateDemoCorpus(DEMO_ARTICLES)) {
    const { item } = await ingestContent(deps, {
      source_id: sourceIds[article.sourceIndex]!,
      url: `https://demo.content-feed.invalid/${article.slug}`,
      title: article.title,
      body: article.body,
      published_at: new Date(now - article.ageMinutes * 60_000).toISOString(),
      category: article.category,
      language: article.language,
    });
    sampleContentId ||= item.id;
  }
  writeFileSync(keyFile, `${apiKey}\n${sampleContentId}\n`, { mode: 0o600 });
  return { tenantId: tenant.id, apiKey, sampleContentId, seeded: true };
}
