import { Type, type Static } from '@sinclair/typebox';
import { errors } from '../http/problem.js';

/** The weight of each part of the score (ranking/score.ts). */
export const WeightsView = Type.Object({
  relevance: Type.Number(),
  collaborative: Type.Number(),
  freshness: Type.Number(),
  popularity: Type.Number(),
  area: Type.Number(),
  follow: Type.Number(),
});

/** The ranking knobs of one algorithm, as answers show them (docs/ranking.md explains each). */
export const AlgorithmConfigView = Type.Object({
  min_trust_level: Type.Integer(),
  max_age_hours: Type.Number(),
  freshness_half_life_hours: Type.Number(),
  weights: WeightsView,
  diversity: Type.Object({ lambda: Type.Number(), max_per_source: Type.Integer(), max_per_category: Type.Integer() }),
  exploration: Type.Number(),
  languages: Type.Array(Type.String()),
  include_categories: Type.Array(Type.String()),
  exclude_categories: Type.Array(Type.String()),
  learned_weights: Type.Boolean({
    description:
      'Rank with weights fitted to the impressions and clicks of what this algorithm ranked, per scenario (an ' +
      "experiment's variants each apart; docs/learning.md); `weights` are the prior and the fallback while data is " +
      'thin. A variant of a running experiment ranks with `weights` (it still learns, so a promoted variant starts ' +
      'fitted).',
  }),
});
export type AlgorithmConfig = Static<typeof AlgorithmConfigView>;

export const DEFAULT_ALGORITHM: AlgorithmConfig = {
  min_trust_level: 1,
  max_age_hours: 72,
  freshness_half_life_hours: 12,
  weights: { relevance: 1, collaborative: 1, freshness: 0.5, popularity: 0.3, area: 0.5, follow: 0.5 },
  diversity: { lambda: 0.7, max_per_source: 3, max_per_category: 4 },
  exploration: 0.05,
  languages: ['ja'],
  include_categories: [],
  exclude_categories: [],
  learned_weights: true,
};

const Weight = Type.Number({ minimum: 0, maximum: 10 });
const Label = Type.String({ minLength: 1, maxLength: 64 });
const strict = { additionalProperties: false };

/** The request schema: every field optional; what is left out takes its default. */
export const AlgorithmConfigInput = Type.Object(
  {
    min_trust_level: Type.Optional(Type.Integer({ minimum: 0, maximum: 3, description: '0 unreviewed … 3 editorial partner' })),
    max_age_hours: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 24 * 365 })),
    freshness_half_life_hours: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 24 * 365 })),
    weights: Type.Optional(
      Type.Object(
        {
          relevance: Type.Optional(Weight),
          collaborative: Type.Optional(Weight),
          freshness: Type.Optional(Weight),
          popularity: Type.Optional(Weight),
          area: Type.Optional(Weight),
          follow: Type.Optional(Weight),
        },
        strict,
      ),
    ),
    diversity: Type.Optional(
      Type.Object(
        {
          lambda: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
          max_per_source: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
          max_per_category: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        },
        strict,
      ),
    ),
    exploration: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    languages: Type.Optional(Type.Array(Type.String({ pattern: '^[a-z]{2,3}$' }), { minItems: 1, maxItems: 20, uniqueItems: true })),
    include_categories: Type.Optional(Type.Array(Label, { maxItems: 50, uniqueItems: true })),
    exclude_categories: Type.Optional(Type.Array(Label, { maxItems: 50, uniqueItems: true })),
    learned_weights: Type.Optional(
      Type.Boolean({
        description:
          'Rank with weights fitted to the clicks on what this algorithm ranked, per scenario, outside running ' +
          'experiments (default true; algorithms saved before it became the default keep their false).',
      }),
    ),
  },
  strict,
);
export type AlgorithmConfigInputType = Static<typeof AlgorithmConfigInput>;

/**
 * A stored config with the defaults of fields added since it was saved (the
 * collaborative weight came with learned models): configs are read back through this.
 */
export function withAlgorithmDefaults(stored: AlgorithmConfig): AlgorithmConfig {
  return {
    ...DEFAULT_ALGORITHM,
    ...stored,
    weights: { ...DEFAULT_ALGORITHM.weights, ...stored.weights },
    diversity: { ...DEFAULT_ALGORITHM.diversity, ...stored.diversity },
    // Saved before the switch existed, an algorithm ranked with its configured weights: it keeps them.
    learned_weights: stored.learned_weights ?? false,
  };
}

/** Fills defaults and checks the rules a schema cannot express. */
export function normaliseAlgorithm(input: AlgorithmConfigInputType): AlgorithmConfig {
  const config: AlgorithmConfig = {
    ...DEFAULT_ALGORITHM,
    ...input,
    weights: { ...DEFAULT_ALGORITHM.weights, ...input.weights },
    diversity: { ...DEFAULT_ALGORITHM.diversity, ...input.diversity },
  };
  const both = config.include_categories.filter((c) => config.exclude_categories.includes(c));
  if (both.length > 0) {
    throw errors.invalidField('body', 'exclude_categories', `cannot also be included: ${both.join(', ')}`);
  }
  if (config.freshness_half_life_hours > config.max_age_hours) {
    throw errors.invalidField('body', 'freshness_half_life_hours', 'must not exceed max_age_hours');
  }
  return config;
}
