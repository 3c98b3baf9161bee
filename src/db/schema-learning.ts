import type { Generated } from 'kysely';

/**
 * Table types of what the service learns and tests: collaborative models,
 * item vectors, fitted weights (src/learning/, src/content/) and experiments
 * (src/experiments/). As in schema.ts: epoch milliseconds, JSON as text.
 */

/** A tenant's learned collaborative model (src/learning/): null model columns before the first training. */
export interface CollaborativeModelsTable {
  tenant_id: string;
  version: Generated<number>;
  trained_at: number | null;
  factors: number | null;
  /** JSON array of content ids, in the order of the factor rows. */
  item_ids: string | null;
  /** base64 of little-endian float32, items × factors. */
  item_factors: string | null;
  /** base64 of little-endian float64: YᵀY + λI, factors × factors (what folding a user in needs). */
  gram: string | null;
  users: Generated<number>;
  items: Generated<number>;
  interactions: Generated<number>;
  training_ms: Generated<number>;
  /** 1 when the training read stopped at MAX_INTERACTIONS. */
  truncated: Generated<number>;
  /** Epoch ms until which a worker holds the training lease. */
  lease_until: Generated<number>;
}

/** The item-vector model learned from the corpus (content/item-vector-store.ts): one row, id 'corpus'. */
export interface ItemVectorModelsTable {
  id: string;
  version: Generated<number>;
  trained_at: number | null;
  dimensions: number | null;
  articles: Generated<number>;
  /** JSON array of the vocabulary, in the order of term_vectors' rows. */
  terms: string | null;
  /** base64 of little-endian float32. */
  idf: string | null;
  term_vectors: string | null;
  singular_values: string | null;
  training_ms: Generated<number>;
  /** Epoch ms until which a worker holds the training lease. */
  lease_until: Generated<number>;
}

/** Score weights fitted to the impressions and clicks of what one algorithm ranked in one scenario (learning/fit-weights.ts; 0018). */
export interface FittedWeightsTable {
  tenant_id: string;
  scenario: string;
  algorithm_id: string;
  /** JSON: { relevance, collaborative, freshness, popularity, area, follow }. */
  weights: string;
  impressions: number;
  clicks: number;
  fitted_at: number;
}

export interface ExperimentsTable {
  tenant_id: string;
  id: string;
  scenario: string;
  name: string;
  /** draft, running, stopped. */
  status: string;
  /** JSON: [{ name, algorithm_id, share }]. */
  variants: string;
  control: string;
  min_users_per_variant: number;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  stopped_at: number | null;
  promoted_variant: string | null;
  /** fixed, thompson (0014). */
  allocation: Generated<string>;
  reallocated_at: number | null;
}

export interface ExperimentAssignmentsTable {
  tenant_id: string;
  experiment_id: string;
  user_id: string;
  variant: string;
  assigned_at: number;
}

export interface ExperimentServingTable {
  tenant_id: string;
  experiment_id: string;
  variant: string;
  day: string;
  feed_requests: number;
  push_users: number;
  millicredits: number;
}
