/** An A/B test of algorithms on one scenario (docs/experiments.md). */
export type ExperimentStatus = 'draft' | 'running' | 'stopped';
/** Who sets the shares: the operator (`fixed`), or Thompson sampling from the results (`thompson`). */
export type Allocation = 'fixed' | 'thompson';

export interface Variant {
  /** Unique within the experiment; carried in tracking tokens. */
  name: string;
  algorithmId: string;
  /** Share of newly assigned traffic, 0–1; the shares of an experiment sum to 1. */
  share: number;
}

export interface Experiment {
  tenantId: string;
  id: string;
  scenario: string;
  name: string;
  status: ExperimentStatus;
  variants: Variant[];
  /** The variant the others are compared with (the first one unless named). */
  control: string;
  /** No winner is called before every variant has this many users (docs/experiments.md, "Sample size"). */
  minUsersPerVariant: number;
  createdAt: number;
  updatedAt: number;
  startedAt: number | null;
  stoppedAt: number | null;
  promotedVariant: string | null;
  allocation: Allocation;
  /** When the bandit last set the shares (null: never). */
  reallocatedAt: number | null;
}

export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 5;
/** Shares are compared with 1 to this tolerance (0.333 + 0.333 + 0.334 is fine, 0.3 × 3 is not). */
export const SHARE_TOLERANCE = 1e-6;
export const DEFAULT_MIN_USERS_PER_VARIANT = 1000;

/** The first problem with a set of shares, or null: each 0–1, summing to 1. */
export function sharesProblem(shares: number[]): string | null {
  if (shares.some((s) => !(s >= 0 && s <= 1))) return 'each share must be between 0 and 1';
  const sum = shares.reduce((a, b) => a + b, 0);
  if (Math.abs(sum - 1) > SHARE_TOLERANCE) return `shares must sum to 1 (they sum to ${Number(sum.toFixed(6))})`;
  return null;
}
