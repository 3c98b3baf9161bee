import { Signer } from '../lib/signer.js';

export type Channel = 'feed' | 'push';

/** What a tracking token says about the item it was issued with. */
export interface TrackingClaims {
  tenantId: string;
  contentId: string;
  scenario: string;
  channel: Channel;
  /** The user the item was served to, if known. */
  userId: string | null;
  requestId: string;
  /** 0-based rank of the item in its response or push file line. */
  position: number;
  /** Unix seconds. */
  issuedAt: number;
  /**
   * The item's score components when it was ranked (ranking/score.ts COMPONENTS, three
   * decimals): an impression or click of it is then an example for fitting the weights
   * (learning/fit-weights.ts). Null in tokens issued without them.
   */
  features?: number[] | null;
  /** The experiment and variant that served the item (docs/experiments.md); null outside experiments and in older tokens. */
  experiment?: { id: string; variant: string } | null;
}

interface Compact {
  t: string;
  c: string;
  s: string;
  h: 'f' | 'p';
  u: string | null;
  r: string;
  p: number;
  i: number;
  /** features × 1000, integers: shorter than decimals. */
  f?: number[];
  /** Experiment id and variant name. */
  x?: [string, string];
}

/**
 * The opaque `tracking_token` of feed items and push candidates: signed with
 * SECRET_KEY so events can trust what it names (tenant, content, scenario,
 * channel, user, request, position, issue time). Compact keys keep it short:
 * it is sent with every feed item.
 */
export class TrackingTokens {
  private readonly signer: Signer;

  constructor(secretKey: string) {
    this.signer = new Signer(secretKey, 'tracking-token');
  }

  issue(claims: TrackingClaims): string {
    const compact: Compact = {
      t: claims.tenantId,
      c: claims.contentId,
      s: claims.scenario,
      h: claims.channel === 'push' ? 'p' : 'f',
      u: claims.userId,
      r: claims.requestId,
      p: claims.position,
      i: claims.issuedAt,
      ...(claims.features && { f: claims.features.map((x) => Math.round(x * 1000)) }),
      ...(claims.experiment && { x: [claims.experiment.id, claims.experiment.variant] as [string, string] }),
    };
    return this.signer.sign(compact);
  }

  /** The claims, or null for a token this service did not issue (or that was altered). */
  verify(token: string): TrackingClaims | null {
    const c = this.signer.verify<Compact>(token);
    if (!c || typeof c.t !== 'string' || typeof c.c !== 'string' || (c.h !== 'f' && c.h !== 'p')) return null;
    return {
      tenantId: c.t,
      contentId: c.c,
      scenario: c.s,
      channel: c.h === 'p' ? 'push' : 'feed',
      userId: c.u ?? null,
      requestId: c.r,
      position: c.p,
      issuedAt: c.i,
      features: Array.isArray(c.f) && c.f.every((x) => Number.isInteger(x)) ? c.f.map((x) => x / 1000) : null,
      experiment: Array.isArray(c.x) && typeof c.x[0] === 'string' && typeof c.x[1] === 'string' ? { id: c.x[0], variant: c.x[1] } : null,
    };
  }
}
