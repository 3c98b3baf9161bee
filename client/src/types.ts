import type { components, operations } from './generated/openapi.js';

/**
 * Names for the generated types (src/generated/openapi.ts, from /v1/openapi.json).
 * Everything here is derived from that file: no shape is written twice.
 */
export type { components, operations, paths } from './generated/openapi.js';

export type OperationId = keyof operations;

type JsonContent<R> = R extends { content: { 'application/json': infer Body } } ? Body : undefined;
type SuccessStatus = 200 | 201 | 202 | 204;

/** The body of an operation's success response (`undefined` for 204). */
export type ResponseBody<O extends OperationId> = {
  [S in SuccessStatus]: S extends keyof operations[O]['responses'] ? JsonContent<operations[O]['responses'][S]> : never;
}[SuccessStatus];

/** The JSON request body of an operation. */
export type RequestBody<O extends OperationId> = operations[O] extends { requestBody: { content: { 'application/json': infer Body } } }
  ? Body
  : never;

/** The query parameters of an operation. */
export type QueryOf<O extends OperationId> = NonNullable<operations[O]['parameters']['query']>;

export type Problem = components['schemas']['Problem'];
export type FieldProblem = NonNullable<Problem['errors']>[number];
export type FeedItem = components['schemas']['FeedItem'];
export type UserRecord = components['schemas']['UserRecord'];
export type FeedQuery = QueryOf<'getFeed'>;
export type FeedPage = ResponseBody<'getFeed'>;
export type UserListQuery = QueryOf<'listUsers'>;
export type UserPage = ResponseBody<'listUsers'>;
export type UserProperties = RequestBody<'putUser'>['properties'];
/** One behavioural event: a union discriminated on `type`. */
export type TrackedEvent = RequestBody<'sendEvents'>['events'][number];
export type EventType = TrackedEvent['type'];
export type PushJobRequest = RequestBody<'createPushJob'>;
export type PushJob = ResponseBody<'getPushJob'>;
export type PushJobCreated = ResponseBody<'createPushJob'>;
export type Usage = ResponseBody<'getUsage'>;
export type Content = ResponseBody<'getContent'>;

/**
 * One line of a push-candidate file: a user and their 1–3 candidates, best first.
 * The candidates are the feed's items (same fields, with score and tracking_token).
 */
export interface PushCandidateLine {
  user_id: string;
  candidates: FeedItem[];
}
