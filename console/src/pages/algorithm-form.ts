import type { AlgorithmConfig } from '../api/api-types.js';
import type { MessageKey, Translate } from '../i18n/index.js';

/**
 * The algorithm editor's fields, their limits (the server's, from
 * src/scenarios/algorithm-config.ts) and the client-side checks that show a
 * mistake next to the field before anything is sent. The server checks again;
 * its messages land on the same fields.
 */
export interface NumberField {
  name: string;
  label: MessageKey;
  help: MessageKey;
  min: number;
  max: number;
  /** The minimum itself is not allowed (hours must be more than 0). */
  exclusiveMin?: boolean;
  integer?: boolean;
  step: string;
}

export const WEIGHT_FIELDS: NumberField[] = [
  { name: 'weights.relevance', label: 'algo.weights.relevance', help: 'algo.weights.relevance.help', min: 0, max: 10, step: '0.1' },
  {
    name: 'weights.collaborative',
    label: 'algo.weights.collaborative',
    help: 'algo.weights.collaborative.help',
    min: 0,
    max: 10,
    step: '0.1',
  },
  { name: 'weights.area', label: 'algo.weights.area', help: 'algo.weights.area.help', min: 0, max: 10, step: '0.1' },
  { name: 'weights.follow', label: 'algo.weights.follow', help: 'algo.weights.follow.help', min: 0, max: 10, step: '0.1' },
  { name: 'weights.freshness', label: 'algo.weights.freshness', help: 'algo.weights.freshness.help', min: 0, max: 10, step: '0.1' },
  { name: 'weights.popularity', label: 'algo.weights.popularity', help: 'algo.weights.popularity.help', min: 0, max: 10, step: '0.1' },
];

export const FILTER_FIELDS: NumberField[] = [
  { name: 'max_age_hours', label: 'algo.maxAge', help: 'algo.maxAge.help', min: 0, max: 8760, exclusiveMin: true, step: '1' },
  {
    name: 'freshness_half_life_hours',
    label: 'algo.halfLife',
    help: 'algo.halfLife.help',
    min: 0,
    max: 8760,
    exclusiveMin: true,
    step: '0.5',
  },
];

export const DIVERSITY_FIELDS: NumberField[] = [
  { name: 'diversity.lambda', label: 'algo.lambda', help: 'algo.lambda.help', min: 0, max: 1, step: '0.05' },
  {
    name: 'diversity.max_per_source',
    label: 'algo.maxPerSource',
    help: 'algo.maxPerSource.help',
    min: 1,
    max: 100,
    integer: true,
    step: '1',
  },
  {
    name: 'diversity.max_per_category',
    label: 'algo.maxPerCategory',
    help: 'algo.maxPerCategory.help',
    min: 1,
    max: 100,
    integer: true,
    step: '1',
  },
  { name: 'exploration', label: 'algo.exploration', help: 'algo.exploration.help', min: 0, max: 1, step: '0.01' },
];

export const LIST_FIELDS = ['languages', 'include_categories', 'exclude_categories'] as const;

const NUMBER_FIELDS = [...WEIGHT_FIELDS, ...FILTER_FIELDS, ...DIVERSITY_FIELDS];

/** The form holds text as typed; `toConfig` turns valid text into the config. */
export type AlgorithmForm = Record<string, string>;

export function toForm(config: AlgorithmConfig): AlgorithmForm {
  return {
    min_trust_level: String(config.min_trust_level),
    max_age_hours: String(config.max_age_hours),
    freshness_half_life_hours: String(config.freshness_half_life_hours),
    'weights.relevance': String(config.weights.relevance),
    'weights.collaborative': String(config.weights.collaborative),
    'weights.freshness': String(config.weights.freshness),
    'weights.popularity': String(config.weights.popularity),
    'weights.area': String(config.weights.area),
    'weights.follow': String(config.weights.follow),
    'diversity.lambda': String(config.diversity.lambda),
    'diversity.max_per_source': String(config.diversity.max_per_source),
    'diversity.max_per_category': String(config.diversity.max_per_category),
    exploration: String(config.exploration),
    languages: config.languages.join(', '),
    include_categories: config.include_categories.join(', '),
    exclude_categories: config.exclude_categories.join(', '),
    // Kept as it was: the switch is set through the API (docs/learning.md); the preview shows which weights rank.
    learned_weights: String(config.learned_weights),
  };
}

export const splitList = (text: string) =>
  text
    .split(/[,、\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);

function numberError(field: NumberField, text: string, t: Translate): string | undefined {
  if (text.trim() === '') return t('validation.required');
  const value = Number(text);
  if (!Number.isFinite(value)) return t('validation.number');
  if (field.integer && !Number.isInteger(value)) return t('validation.integer');
  const tooLow = field.exclusiveMin ? value <= field.min : value < field.min;
  if (tooLow || value > field.max) {
    return field.exclusiveMin
      ? t('validation.rangeExclusive', { min: field.min, max: field.max })
      : t('validation.range', { min: field.min, max: field.max });
  }
  return undefined;
}

/** Field name → the reason it cannot be saved, in the user's language. */
export function validate(form: AlgorithmForm, t: Translate): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of NUMBER_FIELDS) {
    const problem = numberError(field, form[field.name] ?? '', t);
    if (problem) problems[field.name] = problem;
  }
  if (
    !problems.max_age_hours &&
    !problems.freshness_half_life_hours &&
    Number(form.freshness_half_life_hours) > Number(form.max_age_hours)
  ) {
    problems.freshness_half_life_hours = t('validation.halfLife');
  }
  const languages = splitList(form.languages ?? '');
  if (languages.length === 0) problems.languages = t('validation.languagesRequired');
  else if (languages.some((l) => !/^[a-z]{2,3}$/.test(l))) problems.languages = t('validation.languages');
  for (const name of ['include_categories', 'exclude_categories'] as const) {
    const list = splitList(form[name] ?? '');
    if (list.length > 50 || list.some((c) => c.length > 64)) problems[name] = t('validation.categories');
  }
  const included = new Set(splitList(form.include_categories ?? ''));
  const both = splitList(form.exclude_categories ?? '').filter((c) => included.has(c));
  if (both.length > 0 && !problems.exclude_categories)
    problems.exclude_categories = t('validation.overlap', { categories: both.join(', ') });
  return problems;
}

export function toConfig(form: AlgorithmForm): AlgorithmConfig {
  const n = (name: string) => Number(form[name]);
  const unique = (name: string) => [...new Set(splitList(form[name] ?? ''))];
  return {
    min_trust_level: n('min_trust_level'),
    max_age_hours: n('max_age_hours'),
    freshness_half_life_hours: n('freshness_half_life_hours'),
    weights: {
      relevance: n('weights.relevance'),
      collaborative: n('weights.collaborative'),
      freshness: n('weights.freshness'),
      popularity: n('weights.popularity'),
      area: n('weights.area'),
      follow: n('weights.follow'),
    },
    diversity: {
      lambda: n('diversity.lambda'),
      max_per_source: n('diversity.max_per_source'),
      max_per_category: n('diversity.max_per_category'),
    },
    exploration: n('exploration'),
    languages: unique('languages'),
    include_categories: unique('include_categories'),
    exclude_categories: unique('exclude_categories'),
    learned_weights: form.learned_weights === 'true',
  };
}
