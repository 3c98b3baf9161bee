import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify compiles every route's validators and response serializers when the
 * app is built: ~1.4 s of the start on ~100 routes (bench: boot profile,
 * issue 15). Compiled at a route's first use instead, the service listens
 * that much sooner and a route nobody calls costs nothing. A schema that does
 * not compile then fails its route's first request, not the start; the
 * OpenAPI tests call every route (test/openapi/).
 */
export function lazily<F extends (data: unknown) => unknown>(compile: () => F): F {
  let compiled: F | undefined;
  const run = ((data: unknown) => {
    compiled ??= compile();
    const result = compiled(data);
    // An Ajv validator reports its failures on itself, where Fastify reads them.
    (run as unknown as { errors?: unknown }).errors = (compiled as unknown as { errors?: unknown }).errors;
    return result;
  }) as F;
  return run;
}

const buildDefault = SerializerSelector();

/** Fastify's own serializer builder (fast-json-stringify), compiling each response schema at its first use. */
export function buildLazySerializers(externalSchemas?: unknown, options?: Parameters<typeof buildDefault>[1]) {
  const compile = buildDefault(externalSchemas, options);
  return (route: Parameters<typeof compile>[0]) => lazily(() => compile(route) as (data: unknown) => string);
}
