import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Console passwords are hashed with scrypt and a random 16-byte salt. The
 * parameters travel inside the stored text (`scrypt$N$r$p$salt$hash`, base64),
 * so they can be raised later: old hashes keep verifying with their own.
 *
 * N = 2^15, r = 8, p = 1 costs 32 MiB and ~100 ms per hash on one idle core of
 * the build machine (~270 ms with both cores busy): slow enough that a stolen
 * table is expensive to attack, cheap enough for a login form.
 */
const CURRENT = { N: 2 ** 15, r: 8, p: 1 };
const SALT_BYTES = 16;
const KEY_BYTES = 32;
// What verify accepts from a stored hash: refuses a tampered row that would ask for gigabytes.
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

function derive(password: string, salt: Buffer, keyBytes: number, params: { N: number; r: number; p: number }): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node refuses above `maxmem` (32 MiB by default, exactly our need).
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyBytes, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, CURRENT);
  return ['scrypt', CURRENT.N, CURRENT.r, CURRENT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when `password` matches `stored`; false for a wrong password or a hash this code cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const validParams =
    Number.isInteger(N) &&
    N > 1 &&
    (N & (N - 1)) === 0 &&
    N <= MAX_N &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= MAX_R &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= MAX_P;
  if (!validParams) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (salt.length === 0 || expected.length < 16) return false;
  const actual = await derive(password, salt, expected.length, { N, r, p });
  return timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password with the current parameters: verifying an
 * unknown email against it costs what a real check costs, so the response
 * time does not tell which emails have accounts.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
