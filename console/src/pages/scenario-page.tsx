import { useEffect, useState } from 'preact/hooks';
import { announce } from '../lib/announce.js';
import { api, tenantApi } from '../api/client.js';
import type { ScenarioType } from '../api/api-types.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { SelectField } from '../components/field.js';
import { Form, FormProblem } from '../components/form.js';
import { Link } from '../components/link.js';
import { LoadingOrProblem } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { Problem } from '../components/problem.js';
import { useT } from '../i18n/index.js';
import { navigate, tenantPath } from '../lib/router.js';
import { useAction, useResource } from '../lib/use-resource.js';
import { PreviewPanel } from './preview-panel.js';
import { loadScenariosAndAlgorithms } from './scenarios-page.js';

/** One scenario: its type, the algorithm it is linked to, and a preview of what it ranks. */
export function ScenarioPage({ tenantId, name }: { tenantId: string; name: string }) {
  const t = useT();
  const data = useResource(() => loadScenariosAndAlgorithms(tenantId), [tenantId, name]);
  const scenario = data.data?.[0].find((s) => s.scenario === name);
  const algorithms = data.data?.[1] ?? [];
  const [type, setType] = useState<ScenarioType>('feed');
  const [algorithmId, setAlgorithmId] = useState('');
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (scenario) {
      setType(scenario.type);
      setAlgorithmId(scenario.algorithm_id);
    }
  }, [scenario?.updated_at]);

  const save = useAction(async () => {
    await api.put(tenantApi(tenantId, 'scenarios', name), { type, algorithm_id: algorithmId });
    announce(t('done.scenarioSaved', { name }));
    await data.reload();
    setVersion((v) => v + 1);
  });
  const remove = useAction(async () => {
    await api.delete(tenantApi(tenantId, 'scenarios', name));
    announce(t('done.scenarioDeleted', { name }));
    navigate(tenantPath(tenantId, 'scenarios'));
  });

  const title = t('scenario.title', { name });
  if (!data.data)
    return (
      <Page title={title}>
        <LoadingOrProblem error={data.error} />
      </Page>
    );
  if (!scenario)
    return (
      <Page title={title}>
        <p class="empty">{t('scenario.missing')}</p>
      </Page>
    );

  return (
    <Page
      title={title}
      actions={
        <ConfirmButton
          label={t('scenario.delete')}
          title={t('scenario.deleteTitle', { name: name })}
          pending={remove.pending}
          onConfirm={remove.run}
        >
          <p>{t('scenario.deleteBody')}</p>
          <Problem error={remove.error} compact />
        </ConfirmButton>
      }
    >
      <p class="breadcrumb">
        <Link href={tenantPath(tenantId, 'scenarios')}>← {t('scenarios.title')}</Link>
      </p>
      <Section title={t('scenario.link')}>
        <Form class="form-inline" onSubmit={() => void save.run()}>
          <SelectField
            label={t('scenarios.type')}
            help={t('scenarios.typeHelp')}
            value={type}
            onValue={(v) => setType(v as ScenarioType)}
            options={(['feed', 'push'] as const).map((value) => ({ value, label: t(`scenarioType.${value}`) }))}
          />
          <SelectField
            label={t('scenarios.algorithm')}
            help={t('scenario.algorithmHelp')}
            value={algorithmId}
            onValue={setAlgorithmId}
            options={algorithms.map((a) => ({ value: a.algorithm_id, label: a.algorithm_id }))}
            error={save.error?.fieldMessage('algorithm_id')}
          />
          <button type="submit" class="button button-primary" disabled={save.pending}>
            {t('common.save')}
          </button>
        </Form>
        <FormProblem error={save.error} fields={['algorithm_id']} />
        <p>
          <Link href={tenantPath(tenantId, 'algorithm', scenario.algorithm_id)}>
            {t('scenario.editAlgorithm', { name: scenario.algorithm_id })}
          </Link>
        </p>
      </Section>
      <PreviewPanel tenantId={tenantId} scenarios={[name]} version={version} />
    </Page>
  );
}
