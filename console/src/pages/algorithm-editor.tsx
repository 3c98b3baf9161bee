import { useEffect, useState } from 'preact/hooks';
import type { ApiError } from '../api/client.js';
import type { AlgorithmConfig } from '../api/api-types.js';
import { Field, SelectField } from '../components/field.js';
import { Form } from '../components/form.js';
import { Problem } from '../components/problem.js';
import { useT } from '../i18n/index.js';
import {
  DIVERSITY_FIELDS,
  FILTER_FIELDS,
  LIST_FIELDS,
  toConfig,
  toForm,
  validate,
  WEIGHT_FIELDS,
  type AlgorithmForm,
  type NumberField,
} from './algorithm-form.js';

interface AlgorithmEditorProps {
  config: AlgorithmConfig;
  saving: boolean;
  saveError: ApiError | undefined;
  /** Bumped after a successful save: the form shows "Saved". */
  savedAt: number | null;
  onSave: (config: AlgorithmConfig) => void;
}

/** Every field of an algorithm, with help text and the reason next to any field that cannot be saved. */
export function AlgorithmEditor({ config, saving, saveError, savedAt, onSave }: AlgorithmEditorProps) {
  const t = useT();
  const [form, setForm] = useState<AlgorithmForm>(() => toForm(config));
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => setForm(toForm(config)), [config]);

  const problems = validate(form, t);
  const visible = (name: string) => (submitted || touched.has(name) ? problems[name] : undefined) ?? saveError?.fieldMessage(name);
  const set = (name: string) => (value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    setTouched((s) => new Set(s).add(name));
  };

  const numberField = (field: NumberField) => (
    <Field key={field.name} label={t(field.label)} help={t(field.help)} error={visible(field.name)}>
      {(control) => (
        <input
          {...control}
          name={field.name}
          type="number"
          inputMode="decimal"
          min={field.exclusiveMin ? undefined : field.min}
          max={field.max}
          step={field.step}
          value={form[field.name]}
          onInput={(e) => set(field.name)(e.currentTarget.value)}
        />
      )}
    </Field>
  );

  const listField = (name: (typeof LIST_FIELDS)[number]) => (
    <Field key={name} label={t(`algo.${name}`)} help={t(`algo.${name}.help`)} error={visible(name)}>
      {(control) => (
        <input {...control} name={name} value={form[name]} onInput={(e) => set(name)(e.currentTarget.value)} autoComplete="off" />
      )}
    </Field>
  );

  const fieldLevelServerError = saveError && saveError.fieldProblems.some((p) => form[p.name.replace(/\[\d+\]$/, '')] !== undefined);

  return (
    <Form
      class="algorithm-form"
      noValidate
      onSubmit={() => {
        setSubmitted(true);
        if (Object.keys(problems).length === 0) onSave(toConfig(form));
      }}
    >
      <fieldset>
        <legend>{t('algo.weights')}</legend>
        <p class="fieldset-help">{t('algo.weights.intro')}</p>
        <div class="field-grid">{WEIGHT_FIELDS.map(numberField)}</div>
      </fieldset>
      <fieldset>
        <legend>{t('algo.filters')}</legend>
        <div class="field-grid">
          <SelectField
            label={t('algo.minTrust')}
            help={t('algo.minTrust.help')}
            name="min_trust_level"
            value={form.min_trust_level ?? '1'}
            onValue={set('min_trust_level')}
            options={[0, 1, 2, 3].map((level) => ({ value: String(level), label: `${level} — ${t(`trust.${level as 0 | 1 | 2 | 3}`)}` }))}
          />
          {FILTER_FIELDS.map(numberField)}
          {LIST_FIELDS.map(listField)}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('algo.diversity')}</legend>
        <div class="field-grid">{DIVERSITY_FIELDS.map(numberField)}</div>
      </fieldset>
      {saveError && !fieldLevelServerError && <Problem error={saveError} compact />}
      <div class="form-actions">
        <button type="submit" class="button button-primary" disabled={saving}>
          {t('algo.save')}
        </button>
        {submitted && Object.keys(problems).length > 0 && (
          <p class="form-status form-status-bad" role="alert">
            {t('algo.fixErrors', { count: Object.keys(problems).length })}
          </p>
        )}
        <p class="form-status" role="status">
          {savedAt !== null && !saving && !saveError ? t('algo.saved') : ''}
        </p>
      </div>
    </Form>
  );
}
