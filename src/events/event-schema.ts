import { Type, type Static } from '@sinclair/typebox';
import { UserId } from '../users/user-properties.js';
import { EVENT_TYPES, MAX_EVENTS_PER_REQUEST } from './event-types.js';

export const EventInput = Type.Object(
  {
    type: Type.Union(EVENT_TYPES.map((t) => Type.Literal(t))),
    session_id: Type.String({ minLength: 1, maxLength: 256 }),
    user_id: Type.Optional(UserId),
    tracking_token: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
    occurred_at: Type.String({ format: 'date-time' }),
    metadata: Type.Optional(Type.Object({}, { additionalProperties: true, maxProperties: 50 })),
  },
  { additionalProperties: false },
);
export type EventInputType = Static<typeof EventInput>;

export const EventBatch = Type.Object(
  { events: Type.Array(EventInput, { minItems: 1, maxItems: MAX_EVENTS_PER_REQUEST }) },
  { additionalProperties: false },
);
