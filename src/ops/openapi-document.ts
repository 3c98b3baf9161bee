/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-assignment,
   @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return --
   edits the generated OpenAPI document, JSON of any shape, in place */
import { STATUS_CODES } from 'node:http';
import { problemExample } from './problem-examples.js';

type Json = Record<string, any>;

const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/** The headers the server sends (pipeline.ts, problem.ts, the routes). */
export const RESPONSE_HEADERS: Json = {
  'X-Request-Id': {
    description: 'The request id (`req_…`), also in problem details and logs: quote it to support.',
    schema: { type: 'string' },
  },
  'X-Credits-Used': { description: 'Credits this request consumed (0 when free or refused).', schema: { type: 'number', minimum: 0 } },
  'X-RateLimit-Limit': { description: "Requests per second the tenant's plan allows.", schema: { type: 'integer', minimum: 0 } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current one-second window.', schema: { type: 'integer', minimum: 0 } },
  'X-RateLimit-Reset': { description: 'Unix time (seconds) when the window resets.', schema: { type: 'integer', minimum: 0 } },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
  'WWW-Authenticate': { description: 'The scheme to authenticate with.', schema: { type: 'string' } },
  Location: { description: 'The URL of the resource created.', schema: { type: 'string' } },
  'Idempotent-Replayed': {
    description: 'Present when the Idempotency-Key matched an earlier request: the job is the one created then.',
    schema: { type: 'string', enum: ['true'] },
  },
};

/** Operations that send `Location` (and push creation's replay flag) with a success status. */
const CREATED_HEADERS: Record<string, { status: string; headers: string[] }> = {
  putUser: { status: '201', headers: ['Location'] },
  createPushJob: { status: '202', headers: ['Location', 'Idempotent-Replayed'] },
  postAdminContents: { status: '201', headers: ['Location'] },
  postAdminSources: { status: '201', headers: ['Location'] },
  postAdminTenantsByTenantIdPushJobs: { status: '202', headers: ['Location', 'Idempotent-Replayed'] },
};

/**
 * The last pass over the generated document, so generators take it as it is:
 * a parameter or body field with a default is optional to the caller (the
 * server fills it in; its route schemas mark it required so handlers see the
 * filled-in value), problems are `application/problem+json` with one example
 * per status, every response documents its headers, every response has a
 * description.
 */
export function finishDocument(document: Json): Json {
  for (const [path, operations] of Object.entries<Json>(document.paths ?? {})) {
    for (const operation of Object.values<Json>(operations)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.schema?.default !== undefined) parameter.required = false;
      }
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      if (bodySchema) optionalDefaults(bodySchema);
      for (const [status, response] of Object.entries<Json>(operation.responses ?? {})) {
        describeResponse(path, operation.operationId, Number(status), response);
      }
    }
  }
  return document;
}

function optionalDefaults(schema: Json): void {
  if (!Array.isArray(schema.required) || !schema.properties) return;
  schema.required = schema.required.filter((name: string) => schema.properties[name]?.default === undefined);
  if (schema.required.length === 0) delete schema.required;
}

function describeResponse(path: string, operationId: string, status: number, response: Json): void {
  if (!response.description || response.description === 'Default Response') response.description = STATUS_CODES[status] ?? 'Response';
  if (status >= 400) {
    const schema = response.content?.['application/json']?.schema ?? { $ref: '#/components/schemas/Problem' };
    response.description = status === 402 ? 'Usage Limit Exceeded' : (STATUS_CODES[status] ?? response.description);
    response.content = { [PROBLEM_MEDIA_TYPE]: { schema, example: problemExample(status, path) } };
  }
  const headers: Json = { ...response.headers };
  for (const [name, required] of headersOf(path, status)) headers[name] = headerRef(name, required);
  const created = CREATED_HEADERS[operationId];
  if (created && created.status === String(status)) {
    for (const name of created.headers) headers[name] = headerRef(name, name === 'Location');
  }
  response.headers = headers;
}

/** Which headers a response of this path and status carries, and whether always. */
function headersOf(path: string, status: number): Array<[string, boolean]> {
  const headers: Array<[string, boolean]> = [['X-Request-Id', true]];
  if (status === 401) headers.push(['WWW-Authenticate', true]);
  if (status === 429) headers.push(['Retry-After', true]);
  if (path.startsWith('/v1/')) {
    // Every /v1 answer reports its charge. The limiter runs once the key is
    // known: not on 401, nor on a browser's 403 or a raw non-ASCII target's 400,
    // which are refused before it.
    headers.push(['X-Credits-Used', true]);
    if (status !== 401) {
      const always = status !== 400 && status !== 403;
      for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) headers.push([name, always]);
    }
  } else if (status === 429) {
    for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) headers.push([name, false]);
  }
  return headers;
}

function headerRef(name: string, required: boolean): Json {
  // Inline, not a $ref to components: a reference cannot say `required`.
  return { ...RESPONSE_HEADERS[name], required };
}
