import { hash } from 'node:crypto';
import type { FieldError } from '../http/problem.js';
import { compileExact } from '../http/validator.js';
import type { TrackingClaims, TrackingTokens } from '../tracking/tracking-token.js';
import { propertyLimitProblems, UserProperties } from '../users/user-properties.js';
import { EventInput, type EventInputType } from './event-schema.js';
import { MAX_FUTURE_SKEW_MS, MAX_PAST_AGE_MS, TOKEN_REQUIRED, type LoggedEvent } from './event-types.js';
import { metadataLimitProblem } from './metadata-limits.js';

const validUserAttributes = compileExact(UserProperties);
const validEvent = compileExact<EventInputType>(EventInput);

function schemaProblems(index: number): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const err of validEvent.errors ?? []) {
    const params = err.params as Record<string, unknown>;
    const path = err.instancePath.split('/').filter(Boolean);
    if (err.keyword === 'required') path.push(String(params.missingProperty));
    if (err.keyword === 'additionalProperties') path.push(String(params.additionalProperty));
    const name = `events[${index}]${path.length ? `.${path.join('.')}` : ''}`;
    const message =
      err.keyword === 'required'
        ? 'is required'
        : err.keyword === 'additionalProperties'
          ? 'is not a known field'
          : (err.message ?? 'is invalid');
    const key = `${name}\0${message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ location: 'body', name, message });
    }
  }
  return out;
}

/** 128-bit key of what makes two events the same: session, type, token, user and time. */
function dedupeKey(e: EventInputType, occurredAt: number): string {
  return hash('sha256', `${e.session_id}\0${e.type}\0${e.tracking_token ?? ''}\0${e.user_id ?? ''}\0${occurredAt}`, 'base64url').slice(
    0,
    22,
  );
}

/**
 * Checks what the schema cannot: per-type required fields, tracking tokens
 * (signature and tenant), time skew, login attributes. Returns every problem
 * of the batch, or the events ready for the log when there is none.
 */
export function validateBatch(
  input: unknown[],
  context: { tenantId: string; now: number; tokens: TrackingTokens },
): { problems: FieldError[]; events: LoggedEvent[] } {
  const problems: FieldError[] = [];
  const logged: LoggedEvent[] = [];
  // A batch often carries one token several times (an item's impression, click and return):
  // its signature is checked once. Verification is a pure function of the text.
  const verified = new Map<string, TrackingClaims | null>();
  const verify = (token: string) => {
    let claims = verified.get(token);
    if (claims === undefined) {
      claims = context.tokens.verify(token);
      verified.set(token, claims);
    }
    return claims;
  };
  input.forEach((raw, i) => {
    if (!validEvent(raw)) {
      problems.push(...schemaProblems(i));
      return;
    }
    const e = raw;
    const at = (field: string, message: string) => problems.push({ location: 'body', name: `events[${i}].${field}`, message });
    const occurredAt = Date.parse(e.occurred_at);
    // RFC 3339 admits forms Date cannot place (a leap second): refuse rather than store no time.
    if (Number.isNaN(occurredAt)) at('occurred_at', 'is not a time this service can place; send ISO 8601 UTC like 2026-01-01T09:00:00Z');
    if (occurredAt > context.now + MAX_FUTURE_SKEW_MS) at('occurred_at', 'is more than 5 minutes in the future');
    if (occurredAt < context.now - MAX_PAST_AGE_MS) at('occurred_at', 'is more than 30 days in the past');
    if (e.type === 'login' && e.user_id === undefined) at('user_id', 'is required for login');

    let claims = null;
    if (TOKEN_REQUIRED.has(e.type)) {
      if (e.tracking_token === undefined) {
        at('tracking_token', `is required for ${e.type}`);
      } else {
        claims = verify(e.tracking_token);
        if (!claims || claims.tenantId !== context.tenantId) {
          claims = null;
          at('tracking_token', 'is not a tracking token issued to this tenant (pass it back unchanged)');
        }
      }
    }

    const metadata = e.metadata as Record<string, unknown> | undefined;
    const metadataProblem = metadata === undefined ? null : metadataLimitProblem(metadata);
    if (metadataProblem) at('metadata', metadataProblem);
    const attributes = metadata?.user_attributes;
    if (e.type === 'login' && attributes !== undefined) {
      if (!validUserAttributes(attributes)) {
        for (const err of validUserAttributes.errors ?? []) {
          const field = err.instancePath.split('/').filter(Boolean).join('.');
          at(`metadata.user_attributes${field ? `.${field}` : ''}`, err.message ?? 'is invalid');
        }
      } else {
        for (const p of propertyLimitProblems(attributes as Record<string, unknown>)) at('metadata.user_attributes', p.message);
      }
    }
    const dwell = metadata?.dwell_ms;
    if (dwell !== undefined && (typeof dwell !== 'number' || !Number.isFinite(dwell) || dwell < 0)) {
      at('metadata.dwell_ms', 'must be a non-negative number of milliseconds');
    }

    logged.push({
      tenantId: context.tenantId,
      dedupeKey: dedupeKey(e, occurredAt),
      type: e.type,
      sessionId: e.session_id,
      // A click without user_id still belongs to the user the item was served to.
      userId: e.user_id ?? claims?.userId ?? null,
      contentId: claims?.contentId ?? null,
      channel: claims?.channel ?? null,
      scenario: claims?.scenario ?? null,
      position: claims?.position ?? null,
      occurredAt,
      receivedAt: context.now,
      metadata: metadata ?? null,
      features: claims?.features ?? null,
      experimentId: claims?.experiment?.id ?? null,
      variant: claims?.experiment?.variant ?? null,
    });
  });
  return { problems, events: problems.length === 0 ? logged : [] };
}
