import { Type } from '@sinclair/typebox';
import { errors, type FieldError } from '../http/problem.js';

export const AREA_LEVELS = ['station', 'city', 'prefecture', 'country'] as const;
export const MAX_PROPERTY_KEYS = 64;
export const MAX_PROPERTIES_BYTES = 16 * 1024;

const ShortText = Type.String({ minLength: 1, maxLength: 200 });

/** Any other property: a string, number, boolean or list of strings. */
const CustomValue = Type.Union([
  Type.String({ maxLength: 2000 }),
  Type.Number(),
  Type.Boolean(),
  Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 }),
]);

/** Known properties are typed; others are allowed within limits (docs/api.md). */
export const UserProperties = Type.Object(
  {
    area_names: Type.Optional(Type.Array(ShortText, { maxItems: 50 })),
    area_level: Type.Optional(Type.Union(AREA_LEVELS.map((l) => Type.Literal(l)))),
    language: Type.Optional(Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$' })),
    interests: Type.Optional(Type.Array(ShortText, { maxItems: 100 })),
    registered_at: Type.Optional(Type.String({ format: 'date-time' })),
    gender: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    birth_year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2100 })),
  },
  { additionalProperties: CustomValue, maxProperties: MAX_PROPERTY_KEYS },
);
export type Properties = Record<string, unknown>;

/** A PATCH may also send `null` for a property to remove it (JSON merge patch). */
export const UserPropertiesPatch = Type.Object(
  {
    area_names: Type.Optional(Type.Union([Type.Null(), Type.Array(ShortText, { maxItems: 50 })])),
    area_level: Type.Optional(Type.Union([Type.Null(), ...AREA_LEVELS.map((l) => Type.Literal(l))])),
    language: Type.Optional(Type.Union([Type.Null(), Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$' })])),
    interests: Type.Optional(Type.Union([Type.Null(), Type.Array(ShortText, { maxItems: 100 })])),
    registered_at: Type.Optional(Type.Union([Type.Null(), Type.String({ format: 'date-time' })])),
    gender: Type.Optional(Type.Union([Type.Null(), Type.String({ minLength: 1, maxLength: 32 })])),
    birth_year: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 1900, maximum: 2100 })])),
  },
  { additionalProperties: Type.Union([Type.Null(), CustomValue]), maxProperties: MAX_PROPERTY_KEYS },
);

/** Applies a merge patch: given keys replace, `null` removes. */
export function mergeProperties(current: Properties, patch: Properties): Properties {
  const next: Properties = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

/** Limits a schema cannot express on the merged result: key count and size. */
export function propertyLimitProblems(properties: Properties, field = 'properties'): FieldError[] {
  const problems: FieldError[] = [];
  if (Object.keys(properties).length > MAX_PROPERTY_KEYS) {
    problems.push({ location: 'body', name: field, message: `must have at most ${MAX_PROPERTY_KEYS} keys` });
  }
  if (Buffer.byteLength(JSON.stringify(properties)) > MAX_PROPERTIES_BYTES) {
    problems.push({ location: 'body', name: field, message: `must be at most ${MAX_PROPERTIES_BYTES} bytes as JSON` });
  }
  return problems;
}

export function assertPropertyLimits(properties: Properties): void {
  const problems = propertyLimitProblems(properties);
  if (problems.length > 0) throw errors.badRequest(`The user properties are too large: ${problems[0]!.message}.`, problems);
}

/** `user_id`: 1–128 characters, no C0 or C1 control characters (it appears in paths and logs). */
export const USER_ID_PATTERN = '^[^\\u0000-\\u001f\\u007f-\\u009f]{1,128}$';
export const UserId = Type.String({ minLength: 1, maxLength: 128, pattern: USER_ID_PATTERN });
