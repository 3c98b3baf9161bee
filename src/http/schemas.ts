import { Type, type TSchema } from '@sinclair/typebox';

/** RFC 9457 problem details, as every error of the API is answered. */
export const Problem = Type.Object(
  {
    type: Type.Literal('about:blank'),
    title: Type.String({ description: 'The status title, for example `Too Many Requests` (402: `Usage Limit Exceeded`).' }),
    status: Type.Integer(),
    detail: Type.String(),
    instance: Type.String({ description: 'The request path.' }),
    request_id: Type.String(),
    errors: Type.Optional(
      Type.Array(
        Type.Object({
          location: Type.Union([Type.Literal('query'), Type.Literal('body'), Type.Literal('path'), Type.Literal('header')]),
          name: Type.String(),
          message: Type.String(),
        }),
      ),
    ),
  },
  { $id: 'Problem', additionalProperties: true, description: 'Problem details (RFC 9457).' },
);

/** Responses every tenant route can give, for the OpenAPI document. */
export function withProblems<T extends Record<number, TSchema>>(success: T, statuses: number[] = [400, 401, 403, 429]) {
  const responses: Record<number, TSchema> = { ...success };
  for (const status of statuses) responses[status] = Type.Ref(Problem);
  return responses;
}

export const IsoTimestamp = Type.String({ format: 'date-time' });
/** An id in a path (`tnt_…`, `src_…`, `job_…`): never longer than 64 characters. */
export const PathId = Type.String({ minLength: 1, maxLength: 64 });
/** Every admin route under /admin/v1/tenants/{tenant_id}. */
export const TenantIdParams = Type.Object({ tenant_id: PathId });
/** A source's trust level, which an algorithm's min_trust_level is compared with. */
export const TrustLevel = Type.Integer({
  minimum: 0,
  maximum: 3,
  description: '0 unreviewed, 1 AI-reviewed, 2 human-reviewed, 3 editorial partner.',
});
/** An algorithm, scenario or experiment variant name. */
export const ConfigName = Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$', description: 'Letters, digits, _ . - (max 64).' });
/** An http(s) URL the service fetches or calls (a feed, an article, a webhook). */
export const HttpUrl = Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2048 });
export const Nullable = <T extends TSchema>(schema: T, options: { description?: string } = {}) =>
  Type.Union([Type.Null(), schema], options);
export const CreditAmount = Type.Number({ minimum: 0, maximum: 1e12, description: 'Credits, at most three decimals.' });
/** `format: date` (ajv-formats, full mode) checks the calendar too: 2026-02-30 and 2026-13-45 are refused, 2028-02-29 taken. */
export const UtcDay = Type.String({ format: 'date', description: 'UTC day, YYYY-MM-DD.' });
