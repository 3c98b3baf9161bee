import { useState } from 'preact/hooks';
import { announce } from '../lib/announce.js';
import { api, tenantApi } from '../api/client.js';
import type { Algorithm, AlgorithmConfig, Scenario, ScenarioType } from '../api/api-types.js';
import { DataTable } from '../components/data-table.js';
import { SelectField, TextField } from '../components/field.js';
import { Form, FormProblem } from '../components/form.js';
import { LoadingOrProblem } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { useLang, useT } from '../i18n/index.js';
import { formatDateTime } from '../lib/format.js';
import { Link } from '../components/link.js';
import { navigate, tenantPath } from '../lib/router.js';
import { useAction, useResource } from '../lib/use-resource.js';
import { AlgorithmDefaults } from './algorithm-defaults.js';

/** Scenario and algorithm names: letters, digits, _ . - (the server's rule). */
export const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function loadScenariosAndAlgorithms(tenantId: string) {
  return Promise.all([
    api.get<{ scenarios: Scenario[] }>(tenantApi(tenantId, 'scenarios')).then((r) => r.scenarios),
    api.get<{ algorithms: Algorithm[] }>(tenantApi(tenantId, 'algorithms')).then((r) => r.algorithms),
  ]);
}

function loadAlgorithmDefaults(tenantId: string) {
  return api.get<{ config: AlgorithmConfig }>(tenantApi(tenantId, 'algorithm-defaults')).then((r) => r.config);
}

export function ScenariosPage({ tenantId }: { tenantId: string }) {
  const t = useT();
  const lang = useLang();
  const data = useResource(() => loadScenariosAndAlgorithms(tenantId), [tenantId]);
  const defaults = useResource(() => loadAlgorithmDefaults(tenantId), [tenantId]);
  const [scenarioName, setScenarioName] = useState('');
  const [scenarioType, setScenarioType] = useState<ScenarioType>('feed');
  const [scenarioAlgorithm, setScenarioAlgorithm] = useState('');
  const [algorithmName, setAlgorithmName] = useState('');
  const [tried, setTried] = useState({ scenario: false, algorithm: false });

  const createScenario = useAction(async (algorithmId: string) => {
    await api.put(tenantApi(tenantId, 'scenarios', scenarioName), { type: scenarioType, algorithm_id: algorithmId });
    announce(t('done.scenarioCreated', { name: scenarioName, algorithm: algorithmId }));
    navigate(tenantPath(tenantId, 'scenario', scenarioName));
  });
  const createAlgorithm = useAction(async () => {
    // Fields left out take their defaults; the editor opens on them.
    await api.put(tenantApi(tenantId, 'algorithms', algorithmName), {});
    announce(t('done.algorithmCreated', { name: algorithmName }));
    navigate(tenantPath(tenantId, 'algorithm', algorithmName));
  });

  if (!data.data)
    return (
      <Page title={t('scenarios.title')}>
        <LoadingOrProblem error={data.error} />
      </Page>
    );
  const [scenarios, algorithms] = data.data;
  const usedBy = (id: string) => scenarios.filter((s) => s.algorithm_id === id).map((s) => s.scenario);
  const algorithmChoice = scenarioAlgorithm || algorithms[0]?.algorithm_id || '';
  const scenarioNameError =
    tried.scenario && !NAME_PATTERN.test(scenarioName) ? t('validation.name') : createScenario.error?.fieldMessage('scenario');
  const algorithmNameError =
    tried.algorithm && !NAME_PATTERN.test(algorithmName) ? t('validation.name') : createAlgorithm.error?.fieldMessage('algorithm_id');

  return (
    <Page title={t('scenarios.title')}>
      <p class="lede">{t('scenarios.intro')}</p>
      <div class="two-columns">
        <Section title={t('scenarios.list')}>
          <DataTable
            rows={scenarios}
            empty={t('scenarios.none')}
            columns={[t('scenarios.name'), t('scenarios.type'), t('scenarios.algorithm'), t('common.updated')]}
          >
            {(s) => (
              <tr key={s.scenario}>
                <td>
                  <Link href={tenantPath(tenantId, 'scenario', s.scenario)}>{s.scenario}</Link>
                </td>
                <td>{t(`scenarioType.${s.type}`)}</td>
                <td>
                  <Link href={tenantPath(tenantId, 'algorithm', s.algorithm_id)}>{s.algorithm_id}</Link>
                </td>
                <td>{formatDateTime(lang, s.updated_at)}</td>
              </tr>
            )}
          </DataTable>
          <h3>{t('scenarios.new')}</h3>
          {algorithms.length === 0 ? (
            <p class="empty">{t('scenarios.needAlgorithm')}</p>
          ) : (
            <Form
              class="form-stack"
              noValidate
              onSubmit={() => {
                setTried((s) => ({ ...s, scenario: true }));
                if (NAME_PATTERN.test(scenarioName)) void createScenario.run(algorithmChoice);
              }}
            >
              <TextField
                label={t('scenarios.name')}
                help={t('scenarios.nameHelp')}
                value={scenarioName}
                onValue={setScenarioName}
                error={scenarioNameError}
                autoComplete="off"
              />
              <SelectField
                label={t('scenarios.type')}
                help={t('scenarios.typeHelp')}
                value={scenarioType}
                onValue={(v) => setScenarioType(v as ScenarioType)}
                options={(['feed', 'push'] as const).map((type) => ({ value: type, label: t(`scenarioType.${type}`) }))}
              />
              <SelectField
                label={t('scenarios.algorithm')}
                value={algorithmChoice}
                onValue={setScenarioAlgorithm}
                options={algorithms.map((a) => ({ value: a.algorithm_id, label: a.algorithm_id }))}
                error={createScenario.error?.fieldMessage('algorithm_id')}
              />
              <FormProblem error={createScenario.error} />
              <div>
                <button type="submit" class="button button-primary" disabled={createScenario.pending}>
                  {t('scenarios.create')}
                </button>
              </div>
            </Form>
          )}
        </Section>

        <Section title={t('algorithms.list')}>
          <DataTable
            rows={algorithms}
            empty={t('algorithms.none')}
            columns={[t('algorithms.name'), t('algorithms.usedBy'), t('common.updated')]}
          >
            {(a) => (
              <tr key={a.algorithm_id}>
                <td>
                  <Link href={tenantPath(tenantId, 'algorithm', a.algorithm_id)}>{a.algorithm_id}</Link>
                </td>
                <td>{usedBy(a.algorithm_id).join(', ') || '—'}</td>
                <td>{formatDateTime(lang, a.updated_at)}</td>
              </tr>
            )}
          </DataTable>
          <h3>{t('algorithms.new')}</h3>
          <Form
            class="form-stack"
            noValidate
            onSubmit={() => {
              setTried((s) => ({ ...s, algorithm: true }));
              if (NAME_PATTERN.test(algorithmName)) void createAlgorithm.run();
            }}
          >
            <TextField
              label={t('algorithms.name')}
              help={t('algorithms.nameHelp')}
              value={algorithmName}
              onValue={setAlgorithmName}
              error={algorithmNameError}
              autoComplete="off"
            />
            <FormProblem error={createAlgorithm.error} />
            <div>
              <button type="submit" class="button button-primary" disabled={createAlgorithm.pending}>
                {t('algorithms.create')}
              </button>
            </div>
          </Form>
          {defaults.data && <AlgorithmDefaults config={defaults.data} />}
        </Section>
      </div>
    </Page>
  );
}
