import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import type { FieldError } from './problem.js';

const LOCATIONS: Record<string, FieldError['location']> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

/** `/events/3/type` → `events[3].type`: the name a client sees in its own code. */
function fieldName(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  return parts.reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), '');
}

function message(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known field';
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
    default:
      return error.message ?? 'is invalid';
  }
}

/** Turns Ajv's errors into the `errors` member of a 400 problem. */
export function toFieldErrors(validation: FastifySchemaValidationError[], context: string): FieldError[] {
  const location = LOCATIONS[context] ?? 'body';
  return validation.map((error) => {
    const params = error.params as Record<string, unknown>;
    const extra =
      error.keyword === 'required'
        ? String(params.missingProperty)
        : error.keyword === 'additionalProperties'
          ? String(params.additionalProperty)
          : undefined;
    const name = fieldName(error.instancePath, extra) || (location === 'body' ? 'body' : location);
    return { location, name, message: message(error) };
  });
}
