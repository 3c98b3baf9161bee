import { readFileSync } from 'node:fs';

/** One admin API call: what an admin command sends. */
export interface AdminRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

export type Flags = Record<string, string | boolean | undefined>;

/** Builds a command's request from its positional arguments and flags; throws (said as usage) on missing ones. */
export type Builder = (args: string[], flags: Flags) => AdminRequest;

/** A command group: `resource action` → [its usage line, its builder], in the order `admin --help` lists them. */
export type Commands = Record<string, [string, Builder]>;

export const num = (value: string | boolean | undefined) => (typeof value === 'string' ? Number(value) : undefined);
export const str = (value: string | boolean | undefined) => (typeof value === 'string' ? value : undefined);
/** `--cap none` removes a cap; a number sets it. */
export const capOrNull = (value: string | boolean | undefined) => (value === 'none' ? null : num(value));
export const jsonArg = (value: string | boolean | undefined): unknown => {
  if (typeof value !== 'string') throw new Error('--json takes a JSON document or @file');
  return JSON.parse(value.startsWith('@') ? readFileSync(value.slice(1), 'utf8') : value);
};

/** The first `n` positional arguments, percent-encoded for a path, or the command's usage as the error. */
export const need = (args: string[], n: number, usage: string) => {
  if (args.length < n) throw new Error(`usage: content-feed admin ${usage}`);
  return args.map(encodeURIComponent);
};

/** The one positional argument a command takes (a tenant, a source…), percent-encoded. */
export const one = (args: string[], usage: string) => need(args, 1, usage)[0]!;

/** A query string of the parameters given (`?a=1&b=2`, in this order), or '' when none is. */
export function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return search.size ? `?${search.toString()}` : '';
}
