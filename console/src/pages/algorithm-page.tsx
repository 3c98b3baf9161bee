import { useState } from 'preact/hooks';
import { announce } from '../lib/announce.js';
import { api, tenantApi } from '../api/client.js';
import type { Algorithm, AlgorithmConfig } from '../api/api-types.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { Link } from '../components/link.js';
import { LoadingOrProblem } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { Problem } from '../components/problem.js';
import { useT } from '../i18n/index.js';
import { navigate, tenantPath } from '../lib/router.js';
import { useAction, useResource } from '../lib/use-resource.js';
import { AlgorithmEditor } from './algorithm-editor.js';
import { PreviewPanel } from './preview-panel.js';
import { loadScenariosAndAlgorithms } from './scenarios-page.js';

/** Edit an algorithm and see, in the same place, how the scenarios using it rank. */
export function AlgorithmPage({ tenantId, algorithmId }: { tenantId: string; algorithmId: string }) {
  const t = useT();
  const data = useResource(() => loadScenariosAndAlgorithms(tenantId), [tenantId, algorithmId]);
  const [saved, setSaved] = useState<Algorithm | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  const save = useAction(async (config: AlgorithmConfig) => {
    setSaved(await api.put<Algorithm>(tenantApi(tenantId, 'algorithms', algorithmId), config));
    setSavedAt(Date.now());
  });
  const remove = useAction(async () => {
    await api.delete(tenantApi(tenantId, 'algorithms', algorithmId));
    announce(t('done.algorithmDeleted', { name: algorithmId }));
    navigate(tenantPath(tenantId, 'scenarios'));
  });

  const title = t('algorithm.title', { name: algorithmId });
  if (!data.data)
    return (
      <Page title={title}>
        <LoadingOrProblem error={data.error} />
      </Page>
    );
  const [scenarios, algorithms] = data.data;
  const algorithm = saved?.algorithm_id === algorithmId ? saved : algorithms.find((a) => a.algorithm_id === algorithmId);
  if (!algorithm)
    return (
      <Page title={title}>
        <p class="empty">{t('algorithm.missing')}</p>
      </Page>
    );
  // Feed scenarios first: the preview opens on what a feed request would show.
  const users = scenarios
    .filter((s) => s.algorithm_id === algorithmId)
    .sort((a, b) => (a.type === b.type ? a.scenario.localeCompare(b.scenario) : a.type === 'feed' ? -1 : 1))
    .map((s) => s.scenario);

  return (
    <Page
      title={title}
      actions={
        <ConfirmButton
          label={t('algorithm.delete')}
          title={t('algorithm.deleteTitle', { name: algorithmId })}
          pending={remove.pending}
          onConfirm={remove.run}
        >
          <p>{t('algorithm.deleteBody')}</p>
          <Problem error={remove.error} compact />
        </ConfirmButton>
      }
    >
      <p class="breadcrumb">
        <Link href={tenantPath(tenantId, 'scenarios')}>← {t('scenarios.title')}</Link>
      </p>
      <p class="lede">{users.length > 0 ? t('algorithm.usedBy', { scenarios: users.join(', ') }) : t('algorithm.unused')}</p>
      <div class="editor-layout">
        <Section title={t('algorithm.settings')}>
          <AlgorithmEditor
            config={algorithm.config}
            saving={save.pending}
            saveError={save.error}
            savedAt={savedAt}
            onSave={(config) => void save.run(config)}
          />
        </Section>
        <PreviewPanel tenantId={tenantId} scenarios={users} version={savedAt ?? 0} />
      </div>
    </Page>
  );
}
