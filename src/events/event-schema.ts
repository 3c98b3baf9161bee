import { Type, type Static } from '@sinclair/typebox';
import { UserId } from '../users/user-properties.js';
import { EVENT_TYPES, MAX_EVENTS_PER_REQUEST, type EventType } from './event-types.js';

export const EventInput = Type.Object(
  {
    // An enum, not a union of literals: one clear error for a bad type, not one per member.
    type: Type.Unsafe<EventType>(Type.String({ enum: [...EVENT_TYPES] })),
    session_id: Type.String({ minLength: 1, maxLength: 256, pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]+$' }),
    user_id: Type.Optional(UserId),
    tracking_token: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
    occurred_at: Type.String({ format: 'date-time' }),
    metadata: Type.Optional(Type.Object({}, { additionalProperties: true, maxProperties: 50 })),
  },
  { additionalProperties: false },
);
export type EventInputType = Static<typeof EventInput>;

/**
 * The route checks only the envelope; each event is validated in the handler
 * (schema, then the rules a schema cannot express) so one 400 names every bad
 * event of the batch, whatever kind of problem each has.
 */
export const EventEnvelope = Type.Object(
  {
    events: Type.Array(Type.Object({}, { additionalProperties: true }), {
      minItems: 1,
      maxItems: MAX_EVENTS_PER_REQUEST,
      description: 'Each event: type, session_id, user_id?, tracking_token?, occurred_at, metadata? (docs/api.md).',
    }),
  },
  { additionalProperties: false },
);
