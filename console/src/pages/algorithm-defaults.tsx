import { Fragment } from 'preact';
import type { AlgorithmConfig } from '../api/api-types.js';
import { useLang, useT } from '../i18n/index.js';
import { formatNumber } from '../lib/format.js';
import { DIVERSITY_FIELDS, FILTER_FIELDS, toForm, WEIGHT_FIELDS } from './algorithm-form.js';

/** The settings a new algorithm starts from, as the server reports them, labelled as in the editor. */
export function AlgorithmDefaults({ config }: { config: AlgorithmConfig }) {
  const t = useT();
  const lang = useLang();
  const form = toForm(config);
  const numbers = [...WEIGHT_FIELDS, ...FILTER_FIELDS, ...DIVERSITY_FIELDS].map(
    (f) => [t(f.label), formatNumber(lang, Number(form[f.name]), 2)] as const,
  );
  const rows = [
    [t('algo.minTrust'), String(config.min_trust_level)] as const,
    ...numbers,
    [t('algo.languages'), config.languages.join(', ')] as const,
  ];
  return (
    <section aria-labelledby="algorithm-defaults">
      <h3 id="algorithm-defaults">{t('algorithms.defaults')}</h3>
      <p class="section-help">{t('algorithms.defaultsHelp')}</p>
      <dl class="settings-list">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
