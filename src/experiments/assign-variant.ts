import { createHash } from 'node:crypto';
import type { Variant } from './experiment.js';

/**
 * Where a unit (a user id, or an anonymous request) falls in [0, 1): a hash of
 * tenant, experiment and unit, so every node and every restart computes the same
 * point, and one experiment's split is independent of another's.
 */
export function bucketOf(tenantId: string, experimentId: string, unit: string): number {
  const digest = createHash('sha256').update(`${tenantId}\0${experimentId}\0${unit}`).digest();
  // 48 bits: uniform enough, and exact in a double.
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/** The variant whose slice of [0, 1) holds the point: slices are laid out in the variants' order by share. */
export function variantAt(variants: readonly Variant[], point: number): Variant {
  let edge = 0;
  for (const v of variants) {
    edge += v.share;
    if (point < edge) return v;
  }
  // Shares summing to 1 within rounding: the last slice takes the remainder.
  return [...variants].reverse().find((v) => v.share > 0) ?? variants[variants.length - 1]!;
}

export function hashedVariant(tenantId: string, experimentId: string, variants: readonly Variant[], unit: string): Variant {
  return variantAt(variants, bucketOf(tenantId, experimentId, unit));
}
