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
  const params = error.params;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known field';
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'format':
      if (params.format === 'date') return 'must be a day of the calendar, YYYY-MM-DD';
      return error.message ?? 'is invalid';
    default:
      return error.message ?? 'is invalid';
  }
}

/** What one branch of an `anyOf` accepts, read from the errors it gave. */
type Branch = { values: unknown[]; types: string[] } | null;

function branchOf(errors: FastifySchemaValidationError[]): Branch {
  const consts = errors.filter((e) => e.keyword === 'const');
  // A literal's branch also says "must be string" when the value is a number: the constant is what it wants.
  if (consts.length === 1) return { values: [(consts[0]!.params as { allowedValue: unknown }).allowedValue], types: [] };
  if (errors.length === 1 && errors[0]!.keyword === COLLAPSED) return (errors[0]!.params as { branch: Branch }).branch;
  if (errors.length === 1 && errors[0]!.keyword === 'type') {
    const type = String((errors[0]!.params as { type: unknown }).type);
    return type === 'null' ? { values: [null], types: [] } : { values: [], types: [type] };
  }
  return null;
}

const COLLAPSED = 'x-any-of';

/**
 * Ajv reports a value outside a union of literals (TypeBox's
 * `Type.Union([Type.Literal('a'), …])`) once per branch, "must be equal to
 * constant" each time, then "must match a schema in anyOf". Each such union
 * (nested ones too, as `Nullable(…)` makes) becomes one error that names what is
 * allowed: "must be one of starter, professional, enterprise, custom".
 * Unions of objects keep Ajv's errors.
 */
function collapseUnions(validation: FastifySchemaValidationError[]): FastifySchemaValidationError[] {
  let errors = validation;
  // Inner unions come before outer ones in Ajv's list, so one pass folds them inside out.
  for (const union of validation.filter((e) => e.keyword === 'anyOf')) {
    const prefix = `${union.schemaPath}/`;
    const inside = errors.filter((e) => e.schemaPath.startsWith(prefix));
    if (inside.some((e) => e.instancePath !== union.instancePath)) continue;
    const byBranch = new Map<string, FastifySchemaValidationError[]>();
    for (const error of inside) {
      const index = error.schemaPath.slice(prefix.length).split('/')[0]!;
      byBranch.set(index, [...(byBranch.get(index) ?? []), error]);
    }
    const branches = [...byBranch.values()].map(branchOf);
    if (branches.length === 0 || branches.some((b) => b === null)) continue;
    const branch = { values: branches.flatMap((b) => b!.values), types: branches.flatMap((b) => b!.types) };
    const named = branch.values.filter((v) => v !== null).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
    const nullable = branch.values.includes(null);
    const described = [
      ...branch.types,
      named.length > 0 ? `one of ${[...named, ...(nullable ? ['null'] : [])].join(', ')}` : nullable ? 'null' : '',
    ];
    const collapsed: FastifySchemaValidationError = {
      ...union,
      keyword: COLLAPSED,
      params: { branch },
      message: `must be ${described.filter(Boolean).join(' or ')}`,
    };
    errors = errors.flatMap((e) => (e === union ? [collapsed] : inside.includes(e) ? [] : [e]));
  }
  return errors;
}

/** Turns Ajv's errors into the `errors` member of a 400 problem. */
export function toFieldErrors(validation: FastifySchemaValidationError[], context: string): FieldError[] {
  const location = LOCATIONS[context] ?? 'body';
  return collapseUnions(validation).map((error) => {
    const params = error.params;
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
