export { ContentFeedClient } from './content-feed-client.js';
export type { ClientOptions } from './transport.js';
export { ProblemError } from './problem-error.js';
export type { CallState, RateLimitState } from './call-state.js';
export type { RetryPolicy } from './backoff.js';
export type { Timer } from './timer.js';
export { EventBuffer, RejectedEventsError, MAX_EVENTS_PER_REQUEST, type EventBufferOptions, type RejectedEvent } from './event-buffer.js';
export type { WaitOptions } from './push.js';
export {
  verifyWebhook,
  WebhookVerificationError,
  WEBHOOK_TOLERANCE_SECONDS,
  type VerifyOptions,
  type WebhookEvent,
} from './verify-webhook.js';
export type * from './types.js';
