import { useEffect, useState } from 'preact/hooks';
import { api, query, tenantApi } from '../api/client.js';
import { SIGNALS, type Preview, type PreviewItem } from '../api/api-types.js';
import { DataTable } from '../components/data-table.js';
import { SelectField, TextField } from '../components/field.js';
import { Form, FormProblem } from '../components/form.js';
import { Section } from '../components/page.js';
import { useLang, useT, type Translate } from '../i18n/index.js';
import { formatDateTime, formatNumber } from '../lib/format.js';
import { useAction } from '../lib/use-resource.js';

const AREA_LEVELS = ['', 'station', 'city', 'prefecture', 'country'] as const;

/** The signals that moved the item, largest first: the server sends each as weight × component, summing to the score. */
function contributions(item: PreviewItem) {
  return SIGNALS.map((signal) => ({ signal, part: item.signals[signal] ?? 0 }))
    .filter((c) => Math.abs(c.part) >= 0.005)
    .sort((a, b) => Math.abs(b.part) - Math.abs(a.part));
}

function Why({ item, t }: { item: PreviewItem; t: Translate }) {
  const lang = useLang();
  const parts = contributions(item);
  return (
    <ul class="signals" aria-label={t('preview.why')}>
      {item.exploration && <li class="signal signal-explore">{t('preview.exploration')}</li>}
      {parts.map(({ signal, part }) => (
        <li key={signal} class={`signal signal-${signal}`}>
          {t(`signal.${signal}`)}{' '}
          <span class="signal-part">
            {part > 0 ? '+' : '−'}
            {formatNumber(lang, Math.abs(part), 2)}
          </span>
        </li>
      ))}
      {parts.length === 0 && !item.exploration && <li class="signal signal-none">{t('preview.noSignal')}</li>}
    </ul>
  );
}

/**
 * Which weights ranked (configured, or fitted to the clicks on what this algorithm ranked in the scenario), why
 * the configured ones did (the switch is off, too few clicks yet, or a running experiment's variant), and fitted
 * ones not in use.
 */
function Weights({ weights, t }: { weights: Preview['meta']['weights']; t: Translate }) {
  const lang = useLang();
  const list = (w: Record<string, number>) => SIGNALS.map((s) => `${t(`signal.${s}`)} ${formatNumber(lang, w[s] ?? 0, 2)}`).join(' · ');
  const { fitted, reason } = weights;
  return (
    <p class="preview-weights">
      {weights.source === 'fitted' && fitted
        ? t('preview.weightsFitted', {
            clicks: formatNumber(lang, fitted.clicks),
            impressions: formatNumber(lang, fitted.impressions),
            at: formatDateTime(lang, fitted.fitted_at),
          })
        : t(`preview.weightsConfigured.${reason === 'fitted' ? 'learned_weights_off' : reason}`)}{' '}
      {list(weights.in_use)}
      {weights.source === 'configured' && fitted && (
        <>
          <br />
          {t(reason === 'experiment_running' ? 'preview.weightsAfterExperiment' : 'preview.weightsUnused', {
            weights: list(fitted.weights),
          })}
        </>
      )}
    </p>
  );
}

interface PreviewPanelProps {
  tenantId: string;
  /** Scenarios to choose from (one: no choice shown). */
  scenarios: string[];
  /** Changes when the algorithm is saved: a preview on screen runs again. */
  version?: number;
}

/** Runs a scenario's ranking for a user and area, as the feed would, and shows why each item ranked. */
export function PreviewPanel({ tenantId, scenarios, version }: PreviewPanelProps) {
  const t = useT();
  const lang = useLang();
  const [scenario, setScenario] = useState(scenarios[0] ?? '');
  // A user's page links here with ?user_id=: "this user's feed", run at once.
  const [userId, setUserId] = useState(() => new URLSearchParams(window.location.search).get('user_id') ?? '');
  const [areaNames, setAreaNames] = useState('');
  const [areaLevel, setAreaLevel] = useState('');
  const [result, setResult] = useState<Preview | null>(null);
  useEffect(() => {
    if (!scenarios.includes(scenario)) setScenario(scenarios[0] ?? '');
  }, [scenarios.join('\n')]);

  const preview = useAction(async () => {
    const params = query({ user_id: userId.trim(), area_names: areaNames.trim(), area_level: areaLevel, limit: 20 });
    setResult(await api.get<Preview>(tenantApi(tenantId, 'scenarios', scenario, 'preview') + params));
  });
  useEffect(() => {
    if (result && version !== undefined) void preview.run();
  }, [version]);
  useEffect(() => {
    if (userId && scenario) void preview.run();
  }, []);

  if (scenarios.length === 0) {
    return (
      <Section title={t('preview.title')}>
        <p class="empty">{t('preview.noScenario')}</p>
      </Section>
    );
  }

  const user = result?.meta.user;
  // With its prefecture, so 府中市 (東京都) and 府中市 (広島県) are told apart.
  const areas = (result?.meta.areas ?? []).map((a) => (a.prefecture && a.prefecture !== a.name ? `${a.name} (${a.prefecture})` : a.name));
  const ignored = result?.meta.ignored_areas ?? [];

  return (
    <Section title={t('preview.title')}>
      <p class="section-help">{t('preview.help')}</p>
      <Form class="form-inline" onSubmit={() => void preview.run()}>
        {scenarios.length > 1 && (
          <SelectField
            label={t('preview.scenario')}
            value={scenario}
            onValue={setScenario}
            options={scenarios.map((s) => ({ value: s, label: s }))}
          />
        )}
        <TextField
          label={t('preview.userId')}
          value={userId}
          onValue={setUserId}
          error={preview.error?.fieldMessage('user_id')}
          autoComplete="off"
        />
        <TextField
          label={t('preview.areaNames')}
          help={t('preview.areaNames.help')}
          value={areaNames}
          onValue={setAreaNames}
          error={preview.error?.fieldMessage('area_names')}
        />
        <SelectField
          label={t('preview.areaLevel')}
          value={areaLevel}
          onValue={setAreaLevel}
          options={AREA_LEVELS.map((level) => ({ value: level, label: level ? t(`area.${level}`) : t('preview.anyLevel') }))}
        />
        <button type="submit" class="button button-primary" disabled={preview.pending}>
          {t('preview.run')}
        </button>
      </Form>
      <FormProblem error={preview.error} fields={['user_id', 'area_names']} />
      {result && (
        <div aria-live="polite" aria-busy={preview.pending}>
          <p class="preview-meta">
            {user?.user_id
              ? t(user.registered ? 'preview.userRegistered' : 'preview.userUnregistered', { user: user.user_id })
              : t('preview.anonymous')}
            {' · '}
            {areas.length > 0 ? t('preview.areas', { areas: areas.join(', ') }) : t('preview.noAreas')}
            {ignored.length > 0 && ` · ${t('preview.ignoredAreas', { names: ignored.join(', ') })}`}
          </p>
          <Weights weights={result.meta.weights} t={t} />
          <DataTable
            rows={result.items}
            empty={t('preview.empty')}
            class="table preview-table"
            caption={t('preview.caption', { scenario })}
            columns={[
              { label: '#', num: true },
              t('preview.item'),
              t('preview.source'),
              { label: t('preview.score'), num: true },
              t('preview.why'),
            ]}
          >
            {(item, index) => (
              <tr key={item.id}>
                <td class="num">{index + 1}</td>
                <td class="preview-title">
                  <a href={item.url} target="_blank" rel="noopener noreferrer">
                    {item.title}
                  </a>
                  <span class="muted">
                    {item.category ? `${item.category} · ` : ''}
                    {formatDateTime(lang, item.published_at)}
                  </span>
                </td>
                <td>{item.source.name}</td>
                <td class="num">{item.score.toFixed(3)}</td>
                <td>
                  <Why item={item} t={t} />
                </td>
              </tr>
            )}
          </DataTable>
        </div>
      )}
    </Section>
  );
}
