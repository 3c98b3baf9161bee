/** SPEC.md's behavioural events, and which need a tracking_token. */
export const EVENT_TYPES = ['session_start', 'login', 'logout', 'impression', 'click', 'return', 'share', 'like', 'dislike'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const TOKEN_REQUIRED: ReadonlySet<EventType> = new Set(['impression', 'click', 'return', 'share', 'like', 'dislike']);

export const MAX_EVENTS_PER_REQUEST = 100;
/** Clocks drift; an event from further in the future than this is refused. */
export const MAX_FUTURE_SKEW_MS = 5 * 60_000;
/**
 * An event older than this is refused: apps send events as they happen or
 * from a short offline queue, and a date far back (year 0001 in the attack run)
 * would rewrite a user's created_at and daily activity of long-closed days.
 */
export const MAX_PAST_AGE_MS = 30 * 86_400_000;
/** A `return` may report dwell time up to this (longer is clamped, not refused). */
export const MAX_DWELL_MS = 60 * 60_000;

/** An event as validated and stored in the log (tokens already verified and unpacked). */
export interface LoggedEvent {
  tenantId: string;
  dedupeKey: string;
  type: EventType;
  sessionId: string;
  userId: string | null;
  contentId: string | null;
  channel: 'feed' | 'push' | null;
  scenario: string | null;
  position: number | null;
  occurredAt: number;
  receivedAt: number;
  metadata: Record<string, unknown> | null;
  /** The served item's score components, from its tracking token (learning/weight-samples.ts). */
  features: number[] | null;
  /** The experiment and variant that served the item, from its tracking token (docs/experiments.md). */
  experimentId: string | null;
  variant: string | null;
}
