import { Type, type Static } from '@sinclair/typebox';
import { UserId, UserProperties } from '../users/user-properties.js';
import { EVENT_TYPES, MAX_EVENTS_PER_REQUEST, TOKEN_REQUIRED, type EventType } from './event-types.js';

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

const SessionId = Type.String({
  minLength: 1,
  maxLength: 256,
  pattern: '^[^\\u0000-\\u001f\\u007f]+$',
  description: 'Any non-empty string; a UUID v4 per app launch is recommended.',
});
const TrackingToken = Type.String({ minLength: 1, maxLength: 2048, description: 'From the feed item or push candidate, unchanged.' });
const OccurredAt = Type.String({
  format: 'date-time',
  description: 'When it happened (ISO 8601); at most 30 days in the past and 5 minutes in the future.',
});
const Metadata = Type.Object(
  {},
  { additionalProperties: true, maxProperties: 50, description: 'Free-form: at most 50 keys, 32 levels of nesting and 32 KiB as JSON.' },
);

/**
 * One schema per event type (SPEC.md's events table), for the OpenAPI document
 * and the generated client types: `tracking_token` required for the events
 * about an item and absent from the others, `user_id` required for login. The
 * handler checks the same rules (validate-batch.ts) on the untyped envelope, so
 * that one 400 names every bad event of a batch.
 */
function documentedEvent(type: EventType) {
  const login = type === 'login';
  return Type.Object(
    {
      type: Type.Literal(type),
      session_id: SessionId,
      ...(login ? { user_id: UserId } : { user_id: Type.Optional(UserId) }),
      ...(TOKEN_REQUIRED.has(type) ? { tracking_token: TrackingToken } : {}),
      occurred_at: OccurredAt,
      metadata: Type.Optional(
        login
          ? Type.Object(
              { user_attributes: Type.Optional(UserProperties) },
              { additionalProperties: true, maxProperties: 50, description: "`user_attributes` are merged into the user's properties." },
            )
          : Metadata,
      ),
    },
    { additionalProperties: false, title: `${type} event`, $id: `${pascal(type)}Event` },
  );
}

const pascal = (type: string) => type.replace(/(^|_)(\w)/g, (_, _sep: string, letter: string) => letter.toUpperCase());

/** POST /v1/events as the OpenAPI document shows it: a union discriminated by `type`. */
export const DocumentedEventBatch = Type.Object(
  {
    events: Type.Array(Type.Union(EVENT_TYPES.map(documentedEvent), { discriminator: { propertyName: 'type' } }), {
      minItems: 1,
      maxItems: MAX_EVENTS_PER_REQUEST,
    }),
  },
  { additionalProperties: false },
);
