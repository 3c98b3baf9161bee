import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { lazily } from './lazy-compile.js';

const common: Options = {
  // Every bad field is reported at once, and unknown fields are refused, not dropped.
  allErrors: true,
  removeAdditional: false,
  useDefaults: true,
  strict: false,
};

/**
 * An exact (non-coercing) validator for schemas checked outside a route's body,
 * compiled at its first use as routes' are (lazy-compile.ts): modules make theirs
 * when loaded, and compiling them then was ~0.1 s of serve's start.
 */
export function compileExact<T>(schema: object) {
  return lazily(() => {
    exactForCode ??= addFormats.default(new Ajv({ ...common, coerceTypes: false }));
    return exactForCode.compile<T>(schema);
  });
}
let exactForCode: Ajv | undefined;

/**
 * Two validators: query strings, path parameters and headers arrive as text and
 * are coerced to the schema's types; JSON bodies are taken as sent, so `0`
 * never becomes `null`, `"5"` never becomes 5, and a client's type error is
 * reported instead of guessed at.
 */
export function installValidators(app: FastifyInstance): void {
  // Built at the first request that validates (lazy-compile.ts): each Ajv compiles its meta-schema when made.
  let ajvs: { coercing: Ajv; exact: Ajv } | undefined;
  const ajvsWithSharedSchemas = () => {
    if (ajvs) return ajvs;
    const made = {
      coercing: addFormats.default(new Ajv({ ...common, coerceTypes: 'array' })),
      exact: addFormats.default(new Ajv({ ...common, coerceTypes: false })),
    };
    // Shared schemas ($id) are all known once the app is ready, before any request.
    for (const shared of Object.values(app.getSchemas())) {
      if (!(shared as { $id?: string }).$id) continue;
      made.coercing.addSchema(shared as object);
      made.exact.addSchema(shared as object);
    }
    return (ajvs = made);
  };
  app.setValidatorCompiler(({ schema, httpPart }) =>
    lazily(() => {
      const { coercing, exact } = ajvsWithSharedSchemas();
      return (httpPart === 'body' ? exact : coercing).compile(schema);
    }),
  );
}
