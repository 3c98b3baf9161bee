import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

const common: Options = {
  // Every bad field is reported at once, and unknown fields are refused, not dropped.
  allErrors: true,
  removeAdditional: false,
  useDefaults: true,
  strict: false,
};

/** An exact (non-coercing) validator for schemas checked outside a route's body. */
export function compileExact<T>(schema: object) {
  exactForCode ??= addFormats.default(new Ajv({ ...common, coerceTypes: false }));
  return exactForCode.compile<T>(schema);
}
let exactForCode: Ajv | undefined;

/**
 * Two validators: query strings, path parameters and headers arrive as text and
 * are coerced to the schema's types; JSON bodies are taken as sent, so `0`
 * never becomes `null`, `"5"` never becomes 5, and a client's type error is
 * reported instead of guessed at.
 */
export function installValidators(app: FastifyInstance): void {
  const schemas = () => Object.values(app.getSchemas());
  const coercing = addFormats.default(new Ajv({ ...common, coerceTypes: 'array' }));
  const exact = addFormats.default(new Ajv({ ...common, coerceTypes: false }));
  let registered = false;
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (!registered) {
      // Shared schemas ($id) are known once routes compile.
      for (const shared of schemas()) {
        const id = (shared as { $id?: string }).$id;
        if (id && !coercing.getSchema(id)) coercing.addSchema(shared as object);
        if (id && !exact.getSchema(id)) exact.addSchema(shared as object);
      }
      registered = true;
    }
    return (httpPart === 'body' ? exact : coercing).compile(schema);
  });
}
