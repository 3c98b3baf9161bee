import fc from 'fast-check';
import { hostileRawJson, hostileString, valueFor, wrongValue, type Known } from './openapi-arbitraries.js';

type Json = Record<string, any>;

/** One operation of the served document. */
export interface Operation {
  method: string;
  /** As the document spells it: /v1/users/{user_id}. */
  path: string;
  spec: Json;
}

/** A request as the fuzzer sends it, with what was done to it (empty: a request a client could send). */
export interface FuzzRequest {
  operation: Operation;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  mutations: string[];
}

export interface Callers {
  /** The right credential for the operation (tenant key on /v1, operator token on /admin/v1). */
  valid(operation: Operation): string;
  /** The other kind of credential: a tenant key on /admin/v1, the operator token on /v1. */
  wrong(operation: Operation): string;
}

/** Every /v1 and /admin/v1 operation of the document. */
export function operationsOf(document: Json): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries<Json>(document.paths)) {
    if (!path.startsWith('/v1/') && !path.startsWith('/admin/v1/')) continue;
    for (const [method, spec] of Object.entries<Json>(methods)) operations.push({ method: method.toUpperCase(), path, spec });
  }
  return operations;
}

/**
 * Requests for `operation`: path parameters from `known` (ids that exist), the
 * schema or hostile text; query values likewise; a body from the schema, as
 * sent or mutated (a node of the wrong type, too big or too deep, a number
 * beyond a double, bytes that are not UTF-8, malformed JSON, another media
 * type); sometimes no key, the wrong kind of key or a browser Origin.
 */
export function requestFor(
  document: Json,
  operation: Operation,
  known: (param: string) => string[],
  callers: Callers,
): fc.Arbitrary<FuzzRequest> {
  const parameters: Json[] = operation.spec.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const bodySchema = operation.spec.requestBody?.content?.['application/json']?.schema;

  const path = fc.tuple(...pathParams.map((p) => segmentFor(document, p, known(p.name)))).map((segments) => {
    let url = operation.path;
    const mutations: string[] = [];
    pathParams.forEach((p, i) => {
      url = url.replace(`{${p.name}}`, segments[i]!.text);
      if (segments[i]!.mutation) mutations.push(`path ${p.name}: ${segments[i]!.mutation}`);
    });
    return { url, mutations };
  });
  const query = fc
    .tuple(fc.tuple(...queryParams.map((p) => queryValueFor(document, p, known(p.name)))), extraQuery)
    .map(([values, extra]) => {
      const pairs: string[] = [];
      const mutations: string[] = [];
      queryParams.forEach((p, i) => {
        const value = values[i]!;
        if (value === undefined) return;
        if (value.mutation) mutations.push(`query ${p.name}: ${value.mutation}`);
        if (value.omit) return;
        pairs.push(`${p.name}=${value.text}`);
      });
      if (extra) {
        pairs.push(extra);
        mutations.push(`query: ${extra.slice(0, 40)}`);
      }
      return { text: pairs.length ? `?${pairs.join('&')}` : '', mutations };
    });
  const body = bodySchema
    ? bodyFor(document, bodySchema, known)
    : fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: unexpectedBody });
  const caller = fc.constantFrom<'valid' | 'valid2' | 'valid3' | 'none' | 'garbage' | 'wrong' | 'origin'>(
    'valid',
    'valid2',
    'valid3',
    'valid',
    'valid',
    'valid',
    'none',
    'garbage',
    'wrong',
    'origin',
  );

  return fc.record({ path, query, body, caller }).map(({ path, query, body, caller }) => {
    const headers: Record<string, string> = {};
    const mutations = [...path.mutations, ...query.mutations];
    if (caller === 'none') mutations.push('no credential');
    else if (caller === 'garbage') headers.authorization = 'Bearer cfk_not-a-key\u00ff';
    else if (caller === 'wrong') headers.authorization = `Bearer ${callers.wrong(operation)}`;
    else headers.authorization = `Bearer ${callers.valid(operation)}`;
    if (caller === 'garbage' || caller === 'wrong') mutations.push(`credential: ${caller}`);
    if (caller === 'origin') {
      headers.origin = 'https://evil.example';
      mutations.push('browser Origin');
    }
    const request: FuzzRequest = { operation, url: path.url + query.text, headers, mutations };
    if (body) {
      request.payload = body.payload;
      if (body.contentType) headers['content-type'] = body.contentType;
      if (body.mutation) mutations.push(`body: ${body.mutation}`);
    }
    return request;
  });
}

interface Piece {
  text: string;
  mutation?: string;
  omit?: boolean;
}

function segmentFor(document: Json, parameter: Json, known: string[]): fc.Arbitrary<Piece> {
  const choices: Array<fc.WeightedArbitrary<Piece>> = [
    { weight: 2, arbitrary: valueFor(document, parameter.schema).map((v) => ({ text: encodeText(String(v)) })) },
    { weight: 2, arbitrary: hostileString.map((s) => ({ text: encodeText(s), mutation: describe(s) })) },
    { weight: 1, arbitrary: badEncoding.map((s) => ({ text: s, mutation: `raw ${s.slice(0, 30)}` })) },
  ];
  if (known.length) choices.push({ weight: 6, arbitrary: fc.constantFrom(...known).map((id) => ({ text: encodeText(id) })) });
  return fc.oneof(...choices);
}

function queryValueFor(document: Json, parameter: Json, known: string[]): fc.Arbitrary<Piece | undefined> {
  const choices: Array<fc.WeightedArbitrary<Piece | undefined>> = [
    { weight: 4, arbitrary: valueFor(document, parameter.schema).map((v) => ({ text: encodeText(String(v)) })) },
    { weight: 1, arbitrary: hostileString.map((s) => ({ text: encodeText(s), mutation: describe(s) })) },
    { weight: 1, arbitrary: badEncoding.map((s) => ({ text: s, mutation: `raw ${s.slice(0, 30)}` })) },
    {
      weight: 1,
      arbitrary: wrongValue
        .filter((v) => typeof v !== 'string' || v.length < 5000)
        .map((v) => ({ text: encodeText(JSON.stringify(v) ?? 'undefined'), mutation: 'wrong type' })),
    },
  ];
  if (!parameter.required) choices.push({ weight: 4, arbitrary: fc.constant(undefined) });
  else choices.push({ weight: 1, arbitrary: fc.constant({ text: '', mutation: 'required, left out', omit: true }) });
  if (known.length) choices.push({ weight: 4, arbitrary: fc.constantFrom(...known).map((id) => ({ text: encodeText(id) })) });
  return fc.oneof(...choices);
}

/** Percent-encodings that are not UTF-8, or not encodings at all. */
const badEncoding = fc.constantFrom('%', '%zz', '%c0%af', '%ed%a0%80', '%ff', 'a%e3%81', '%00', '%0a', '%2e%2e', '%2F', '%25%', '%u0041');

/** Unknown, repeated or empty query parameters. */
const extraQuery = fc.option(
  fc.constantFrom('zz=1', 'limit=1&limit=2', '=', '&&', 'a%00=1', '__proto__[x]=1', 'cursor=%c0%af', 'user_id[]=1'),
  { freq: 4 },
);

interface Body {
  payload: string | Buffer;
  contentType?: string;
  mutation?: string;
}

const MARK = '"\u0001fuzz-mark\u0001"';

function bodyFor(document: Json, schema: Json, known: Known): fc.Arbitrary<Body | undefined> {
  const valid = valueFor(document, schema, 0, known);
  const json =
    (mutation?: string) =>
    (payload: string | Buffer): Body => ({ payload, contentType: 'application/json', ...(mutation ? { mutation } : {}) });
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((v) => json()(JSON.stringify(v))) },
    {
      weight: 3,
      arbitrary: fc.tuple(valid, fc.nat(), wrongValue).map(([v, at, replacement]) => {
        const where = pickNode(v, at);
        return json(`${where.label} = ${describe(replacement)}`)(JSON.stringify(where.replace(replacement)));
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.nat(), hostileString, fc.boolean()).map(([v, at, text, asKey]) => {
        const where = pickNode(v, at);
        const replaced = asKey ? where.replace({ [text]: 1 }) : where.replace(text);
        return json(`${where.label} ${asKey ? 'key' : '='} ${describe(text)}`)(JSON.stringify(replaced));
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.nat())
        .map(([v, at]) => dropRequired(v, at))
        .map(({ value, label }) => json(label)(JSON.stringify(value))),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, fc.nat(), hostileRawJson).map(([v, at, raw]) => {
        const where = pickNode(v, at);
        return json(`${where.label} = ${raw.slice(0, 20)}${raw.length > 20 ? '…' : ''}`)(
          JSON.stringify(where.replace('\u0001fuzz-mark\u0001')).replace(MARK, raw),
        );
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.nat(), fc.constantFrom([0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe3, 0x81]))
        .map(([v, at, bytes]) => {
          const where = pickNode(v, at);
          const [before, after] = JSON.stringify(where.replace('\u0001fuzz-mark\u0001')).split(MARK) as [string, string];
          const payload = Buffer.concat([Buffer.from(`${before}"a`), Buffer.from(bytes), Buffer.from(`b"${after}`)]);
          return json(`${where.label} holds bytes ${bytes.map((b) => b.toString(16)).join(' ')}`)(payload);
        }),
    },
    { weight: 1, arbitrary: malformed.map(([text, label]) => json(label)(text)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json; charset=utf-16',
            'multipart/form-data; boundary=x',
            '',
          ),
        )
        .map(([v, contentType]) => ({ payload: JSON.stringify(v), contentType, mutation: `content-type '${contentType}'` })),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

const malformed = fc.constantFrom<[string, string]>(
  ['', 'empty'],
  ['{', 'truncated'],
  ['{"a":}', 'invalid JSON'],
  ['null', 'null'],
  ['[]', 'an array'],
  ['"text"', 'a string'],
  ['\ufeff{}', 'BOM'],
  ['{"a":1,"a":2}', 'duplicate keys'],
  ['{"__proto__":{"x":1}}', '__proto__'],
  ['{} {}', 'two documents'],
);

const unexpectedBody = fc.constantFrom<Body>(
  { payload: '{"x":1}', contentType: 'application/json', mutation: 'a body the operation has none of' },
  { payload: 'x'.repeat(2_000_000), contentType: 'application/json', mutation: 'a 2 MB body the operation has none of' },
  { payload: '{', contentType: 'application/json', mutation: 'malformed body the operation has none of' },
);

/** The `at`-th node of `value` (modulo the count), and a copy of `value` with it replaced. */
function pickNode(value: unknown, at: number): { label: string; replace: (by: unknown) => unknown } {
  const paths: Array<Array<string | number>> = [];
  const walk = (node: unknown, path: Array<string | number>) => {
    paths.push(path);
    if (Array.isArray(node)) node.forEach((child, i) => walk(child, [...path, i]));
    else if (node && typeof node === 'object') for (const [k, child] of Object.entries(node)) walk(child, [...path, k]);
  };
  walk(value, []);
  const path = paths[at % paths.length]!;
  return {
    label: path.length ? path.join('.') : 'body',
    replace: (by) => replaceAt(value, path, by),
  };
}

function replaceAt(value: unknown, path: Array<string | number>, by: unknown): unknown {
  if (path.length === 0) return by;
  const [head, ...rest] = path;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[head!] = replaceAt(copy[head!], rest, by);
  return copy;
}

/** `value` without one of its object keys (a required one as often as not). */
function dropRequired(value: unknown, at: number): { value: unknown; label: string } {
  const keyed: Array<Array<string | number>> = [];
  const walk = (node: unknown, path: Array<string | number>) => {
    if (Array.isArray(node)) node.forEach((child, i) => walk(child, [...path, i]));
    else if (node && typeof node === 'object')
      for (const [k, child] of Object.entries(node)) {
        keyed.push([...path, k]);
        walk(child, [...path, k]);
      }
  };
  walk(value, []);
  if (!keyed.length) return { value: {}, label: 'empty object' };
  const path = keyed[at % keyed.length]!;
  const parentPath = path.slice(0, -1);
  const key = path[path.length - 1]!;
  const parent = parentPath.reduce((node: any, k) => node[k], value) as Record<string, unknown>;
  const { [key]: _dropped, ...without } = parent;
  return { value: replaceAt(value, parentPath, without), label: `without ${path.join('.')}` };
}

/**
 * Percent-encodes text as UTF-8, and a lone surrogate as the bytes a careless
 * encoder writes for it (WTF-8: %ED%B0%80), which encodeURIComponent refuses.
 */
export function encodeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const isHigh = unit >= 0xd800 && unit <= 0xdbff;
    const next = text.charCodeAt(i + 1);
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

/** A short, printable account of a value for failure messages. */
export function describe(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const shown = JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}… (${text.length} chars)` : text);
  return typeof value === 'string' ? shown : `${Array.isArray(value) ? 'array' : typeof value} ${shown}`;
}
