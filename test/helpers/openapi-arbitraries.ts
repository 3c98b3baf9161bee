import fc from 'fast-check';

/* The document is plain JSON, walked by hand (as in openapi-conformance.ts). */
type Json = Record<string, any>;

/**
 * fast-check arbitraries for values that a JSON schema of the served OpenAPI
 * document describes: what a well-behaved client would send. Only the keywords
 * the document uses are read ($ref, anyOf/oneOf, enum, const, type, string and
 * number bounds, pattern, format, items, properties, required).
 */
export function valueFor(document: Json, schema: Json | undefined, depth = 0, known: Known = () => []): fc.Arbitrary<unknown> {
  if (!schema || depth > 8) return fc.constant(null);
  if (schema.$ref) return valueFor(document, resolve(document, schema.$ref), depth + 1, known);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((s: Json) => valueFor(document, s, depth + 1, known)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'object'];
  return fc.oneof(...type.map((t: string) => valueOfType(document, schema, t, depth, known)));
}

/** Ids that exist, by the name of the field that holds one (scenario, source_id, …): none for other names. */
export type Known = (name: string) => string[];

function valueOfType(document: Json, schema: Json, type: string, depth: number, known: Known): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? (schema.exclusiveMinimum ?? -1001) + 1, max: schema.maximum ?? 100_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min = schema.minItems ?? 0;
      return fc.array(valueFor(document, schema.items, depth + 1, known), {
        minLength: min,
        maxLength: Math.min(schema.maxItems ?? 4, min + 4),
      });
    }
    default:
      return objectFor(document, schema, depth, known);
  }
}

function objectFor(document: Json, schema: Json, depth: number, known: Known): fc.Arbitrary<unknown> {
  const properties = Object.entries<Json>(schema.properties ?? {});
  if (properties.length === 0) {
    // Free-form (metadata, properties): a small JSON object.
    return schema.additionalProperties === false
      ? fc.constant({})
      : fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
  }
  // A field naming an id takes one that exists most of the time, so bodies get past "no such scenario" to the handler.
  const fieldFor = (name: string, s: Json): fc.Arbitrary<unknown> => {
    const ids = known(name);
    const generated = valueFor(document, s, depth + 1, known);
    return ids.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: generated }) : generated;
  };
  const model = Object.fromEntries(properties.map(([name, s]) => [name, fieldFor(name, s)]));
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name: string) => name in model) });
}

function stringFor(schema: Json): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 64;
  const fitted = (a: fc.Arbitrary<string>) => a.map((s) => s.slice(0, max)).filter((s) => s.length >= min);
  switch (schema.format) {
    case 'date-time':
      // Around the test clock's start (events accept 30 days back, minutes ahead); some far off.
      return fc.oneof(
        fc.integer({ min: -40 * 86_400_000, max: 3_600_000 }).map((offset) => new Date(Date.UTC(2026, 0, 15) + offset).toISOString()),
        fc
          .date({ noInvalidDate: true, min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z') })
          .map((d) => d.toISOString()),
      );
    case 'date':
      return fc
        .date({ noInvalidDate: true, min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z') })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uri':
      // Only loopback (refused as private unless allowed) or nothing reachable: a fuzzed source or
      // webhook must never send traffic off the machine.
      return fc.constantFrom(
        'http://127.0.0.1:9/feed.xml',
        'https://127.0.0.1:9/hook',
        'https://[::1]:9/',
        'https://localhost:9/x',
        'ftp://127.0.0.1/',
      );
    case 'email':
      return fc.emailAddress().map((e) => e.slice(0, max));
  }
  if (schema.pattern) return fitted(fc.stringMatching(new RegExp(schema.pattern)));
  return fitted(fc.string({ minLength: min, maxLength: Math.min(max, min + 24), unit: 'grapheme' }));
}

function resolve(document: Json, ref: string): Json {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((node: Json, key) => node?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], document);
}

/**
 * Text a hostile client sends where an id or name is expected: NUL, lone
 * surrogates, C0/C1 controls, noncharacters, bidi overrides, over-long text.
 */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'a\u0000b',
    '\u0000',
    '\udc00x',
    'x\ud800',
    '\ud83d',
    'a\u0001b',
    'a\nb',
    'a\tb',
    'a\u007fb',
    'a\u0085b',
    'a\u009fb',
    '\uffff',
    '\ufeffbom',
    '\u202eevil',
    '',
    ' ',
    '..',
    '../../etc/passwd',
    '%00',
    '%',
    '{}',
    "'; drop table users; --",
    '__proto__',
    'constructor',
    '🙂'.repeat(100),
  ),
  fc.integer({ min: 129, max: 3000 }).map((n) => 'x'.repeat(n)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
);

/**
 * Raw JSON tokens no `JSON.stringify` would write: numbers beyond a double,
 * nesting past the body's 64 levels (and far past it), and NaN.
 */
export const hostileRawJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('1e400', '-1e400', '123456789012345678901234567890', 'NaN', 'Infinity', '-0', '0.0000000000000000000000000001e-400'),
  fc.constantFrom(33, 65, 200, 10_000).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.constantFrom(33, 65, 5_000).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
);

/** A value of the wrong type, or one too big, for whatever the schema expects. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53 + 1, -(2 ** 63), 1e308, '', '1', 'true', [], {}, [null], { '': null }),
  hostileString,
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(5_000, 40_000).map((n) => Array.from({ length: n }, (_, i) => i)),
  fc.constantFrom(60, 2_000).map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))),
  fc.constant(JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}')),
  fc.constantFrom(40_000, 1_100_000).map((n) => 'y'.repeat(n)),
);
