/**
 * The numbers that decide an experiment (docs/experiments.md, "Statistics"): pure
 * functions of the counts, so a hand-computed example checks them.
 *
 * The decision metric is the share of a variant's users who clicked at least once
 * (user conversion), compared with control by a two-proportion z-test. The user is
 * the unit that was randomised, so users are independent of each other while the
 * impressions of one user are not: a test on impressions would count a heavy
 * reader a hundred times and call winners too early.
 */

/** Two-sided 95 %. */
const Z95 = 1.959963984540054;

export interface ProportionEstimate {
  rate: number;
  /** Wilson score interval, 95 %: stays inside [0, 1] and behaves at small counts. */
  low: number;
  high: number;
}

export interface Comparison {
  /** rate − control's rate, with its 95 % interval (unpooled standard error). */
  difference: number;
  low: number;
  high: number;
  z: number;
  /** Two-sided. */
  pValue: number;
  /** pValue below the Bonferroni-corrected level (0.05 / comparisons with control). */
  significant: boolean;
}

/** Φ, the standard normal distribution function (Abramowitz–Stegun 26.2.17 via erfc; error < 1e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erfc = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) * Math.exp(-x * x);
  return z >= 0 ? 1 - erfc / 2 : erfc / 2;
}

export function wilson(successes: number, trials: number): ProportionEstimate {
  if (trials === 0) return { rate: 0, low: 0, high: 0 };
  const p = successes / trials;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials);
  return { rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The two-proportion z-test of `x1/n1` against control's `x0/n0`, at level `alpha`. */
export function compareProportions(x1: number, n1: number, x0: number, n0: number, alpha: number): Comparison {
  const p1 = n1 === 0 ? 0 : x1 / n1;
  const p0 = n0 === 0 ? 0 : x0 / n0;
  const difference = p1 - p0;
  const pooled = n1 + n0 === 0 ? 0 : (x1 + x0) / (n1 + n0);
  const pooledSe = n1 === 0 || n0 === 0 ? 0 : Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n0));
  const z = pooledSe === 0 ? 0 : difference / pooledSe;
  const pValue = pooledSe === 0 ? 1 : 2 * (1 - normalCdf(Math.abs(z)));
  const se = n1 === 0 || n0 === 0 ? 0 : Math.sqrt((p1 * (1 - p1)) / n1 + (p0 * (1 - p0)) / n0);
  return { difference, low: difference - Z95 * se, high: difference + Z95 * se, z, pValue, significant: pValue < alpha };
}

/** Sums over units (users or sessions) of clicks c and impressions i: enough for a ratio's interval. */
export interface RatioSums {
  units: number;
  clicks: number;
  impressions: number;
  clicksSquared: number;
  impressionsSquared: number;
  clicksTimesImpressions: number;
}

/**
 * CTR = Σc / Σi with a 95 % interval by the delta method over units: the
 * clicks and impressions of one user move together, which an interval over
 * impressions alone would ignore (and come out too narrow).
 */
export function ratioEstimate(s: RatioSums): ProportionEstimate {
  if (s.impressions === 0 || s.units < 2)
    return { rate: s.impressions === 0 ? 0 : s.clicks / s.impressions, low: 0, high: s.impressions === 0 ? 0 : 1 };
  const r = s.clicks / s.impressions;
  const meanImpressions = s.impressions / s.units;
  const residualVariance = Math.max(0, (s.clicksSquared - 2 * r * s.clicksTimesImpressions + r * r * s.impressionsSquared) / (s.units - 1));
  const se = Math.sqrt(residualVariance / s.units) / meanImpressions;
  return { rate: r, low: Math.max(0, r - Z95 * se), high: r + Z95 * se };
}

/**
 * Users per variant needed to detect `relativeLift` over a baseline conversion
 * `p0` with a two-sided test at `alpha` and 80 % power (the usual normal
 * approximation). Shown so an operator knows how long to wait.
 */
export function usersNeeded(p0: number, relativeLift: number, alpha: number): number {
  if (p0 <= 0 || p0 >= 1) return 0;
  const p1 = Math.min(0.999999, p0 * (1 + relativeLift));
  const zAlpha = inverseNormal(1 - alpha / 2);
  const zBeta = 0.8416212335729143; // 80 % power
  const pBar = (p0 + p1) / 2;
  const n = (zAlpha * Math.sqrt(2 * pBar * (1 - pBar)) + zBeta * Math.sqrt(p0 * (1 - p0) + p1 * (1 - p1))) ** 2 / (p1 - p0) ** 2;
  return Math.ceil(n);
}

/** Φ⁻¹ by bisection: only used for a handful of levels per result. */
function inverseNormal(p: number): number {
  let lo = -10;
  let hi = 10;
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (normalCdf(mid) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export interface VariantCounts {
  name: string;
  /** Users assigned (served at least once). */
  users: number;
  /** Of them, users who clicked at least once. */
  clickingUsers: number;
}

export interface Decision {
  /** Comparisons with control, by variant name (control has none). */
  comparisons: Map<string, Comparison>;
  /** Every variant has at least `minUsers` users. */
  sampleSizeMet: boolean;
  /** The variant to promote, or null: not enough users yet, or no significant difference. */
  winner: string | null;
  alpha: number;
}

/**
 * Calls a winner only once every variant has `minUsers` users: a test looked at
 * every day and stopped at the first significant day calls false winners far more
 * often than its level says. Then the best variant significantly better than
 * control wins; control wins when every other variant is significantly worse.
 */
export function decide(control: string, variants: VariantCounts[], minUsers: number): Decision {
  const base = variants.find((v) => v.name === control)!;
  const others = variants.filter((v) => v.name !== control);
  const alpha = 0.05 / Math.max(1, others.length);
  const comparisons = new Map<string, Comparison>();
  for (const v of others) comparisons.set(v.name, compareProportions(v.clickingUsers, v.users, base.clickingUsers, base.users, alpha));
  const sampleSizeMet = variants.every((v) => v.users >= minUsers);
  let winner: string | null = null;
  if (sampleSizeMet) {
    const better = others.filter((v) => comparisons.get(v.name)!.significant && comparisons.get(v.name)!.difference > 0);
    better.sort((a, b) => comparisons.get(b.name)!.difference - comparisons.get(a.name)!.difference);
    if (better.length > 0) winner = better[0]!.name;
    else if (others.every((v) => comparisons.get(v.name)!.significant && comparisons.get(v.name)!.difference < 0)) winner = control;
  }
  return { comparisons, sampleSizeMet, winner, alpha };
}
