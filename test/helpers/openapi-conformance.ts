import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';

/* The document is plain JSON, walked by hand. */
type Json = Record<string, any>;

export interface Conformance {
  /** Everything in `response` that the document does not say, as readable lines (empty when it conforms). */
  check(method: string, path: string, response: LightMyRequestResponse): string[];
}

/**
 * Checks real responses against the served OpenAPI document: the status is
 * documented for the operation, the media type is the documented one, the body
 * validates against its schema, every required header is sent and every
 * documented header sent has the documented type.
 */
export function conformanceTo(document: Json): Conformance {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document, 'openapi');
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  const validatorAt = (pointer: string) => {
    let validate = compiled.get(pointer);
    if (!validate) compiled.set(pointer, (validate = ajv.compile({ $ref: `openapi#${pointer}` })));
    return validate;
  };
  // Headers arrive as text: a number-typed header is checked as the number it spells.
  const headerAjv = new Ajv2020({ strict: false, coerceTypes: true });

  return {
    check(method, path, response) {
      const problems: string[] = [];
      const operation = document.paths?.[path]?.[method.toLowerCase()];
      if (!operation) return [`${method} ${path} is not in the document`];
      const status = String(response.statusCode);
      const documented = operation.responses?.[status];
      if (!documented) return [`status ${status} is not documented (body: ${response.body.slice(0, 300)})`];

      const mediaTypes = Object.keys(documented.content ?? {});
      const contentType = String(response.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim();
      if (mediaTypes.length === 0) {
        if (response.body !== '') problems.push(`${status} documents no body but one was sent: ${response.body.slice(0, 200)}`);
      } else if (!mediaTypes.includes(contentType)) {
        problems.push(`${status} is sent as ${contentType || 'nothing'}, documented as ${mediaTypes.join(', ')}`);
      } else {
        const pointer = `/paths/${escape(path)}/${method.toLowerCase()}/responses/${status}/content/${escape(contentType)}/schema`;
        const validate = validatorAt(pointer);
        if (!validate(JSON.parse(response.body))) {
          problems.push(`${status} body: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}`);
        }
      }

      for (const [name, header] of Object.entries<Json>(documented.headers ?? {})) {
        const value = response.headers[name.toLowerCase()];
        if (value === undefined) {
          if (header.required) problems.push(`${status} lacks required header ${name}`);
          continue;
        }
        const holder = { value: String(value) };
        const validate = headerAjv.compile({ type: 'object', properties: { value: header.schema } });
        if (!validate(holder)) problems.push(`${status} header ${name}: ${JSON.stringify(value)} ${headerAjv.errorsText(validate.errors)}`);
      }
      return problems;
    },
  };
}

/** A JSON pointer segment, as it stands in a URI fragment. */
const escape = (segment: string) => encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1'));
