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
export const Nullable = <T extends TSchema>(schema: T, options: { description?: string } = {}) => Type.Union([Type.Null(), schema], options);
export const CreditAmount = Type.Number({ minimum: 0, maximum: 1e12, description: 'Credits, at most three decimals.' });
/** `format: date` (ajv-formats, full mode) checks the calendar too: 2026-02-30 and 2026-13-45 are refused, 2028-02-29 taken. */
export const UtcDay = Type.String({ format: 'date', description: 'UTC day, YYYY-MM-DD.' });
