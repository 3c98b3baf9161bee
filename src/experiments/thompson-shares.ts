import type { VariantCounts } from './experiment-statistics.js';

/** Every variant keeps at least this share, so the bandit keeps learning about the ones it is leaving. */
export const MIN_BANDIT_SHARE = 0.05;
const DRAWS = 20_000;

/** A standard normal draw (Box–Muller). */
function normal(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A Gamma(shape, 1) draw for shape ≥ 1 (Marsaglia–Tsang). */
function gamma(shape: number, random: () => number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = random();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

function beta(a: number, b: number, random: () => number): number {
  const x = gamma(a, random);
  return x / (x + gamma(b, random));
}

/**
 * The probability that each variant has the highest share of users who click,
 * under a Beta(1 + clicked, 1 + not clicked) posterior per variant (uniform prior),
 * estimated from seeded draws: Thompson sampling's allocation, computed once for all
 * the users it will place rather than drawn per user.
 */
export function probabilityBest(variants: VariantCounts[], random: () => number, draws = DRAWS): Map<string, number> {
  const wins = new Map(variants.map((v) => [v.name, 0]));
  for (let i = 0; i < draws; i++) {
    let best = '';
    let bestValue = -1;
    for (const v of variants) {
      const value = beta(1 + v.clickingUsers, 1 + Math.max(0, v.users - v.clickingUsers), random);
      if (value > bestValue) {
        bestValue = value;
        best = v.name;
      }
    }
    wins.set(best, wins.get(best)! + 1);
  }
  return new Map([...wins].map(([name, n]) => [name, n / draws]));
}

/**
 * New shares: each variant's probability of being best, at least MIN_BANDIT_SHARE,
 * rounded to 1/10,000 and summing to exactly 1 (the largest absorbs the rounding).
 */
export function thompsonShares(variants: VariantCounts[], random: () => number): Map<string, number> {
  const best = probabilityBest(variants, random);
  const floor = Math.min(MIN_BANDIT_SHARE, 1 / variants.length);
  const free = 1 - floor * variants.length;
  const raw = variants.map((v) => ({ name: v.name, share: floor + free * best.get(v.name)! }));
  const rounded = raw.map((r) => ({ name: r.name, share: Math.round(r.share * 10_000) / 10_000 }));
  const largest = rounded.reduce((a, b) => (b.share > a.share ? b : a));
  largest.share = Math.round((largest.share + 1 - rounded.reduce((sum, r) => sum + r.share, 0)) * 10_000) / 10_000;
  return new Map(rounded.map((r) => [r.name, r.share]));
}
