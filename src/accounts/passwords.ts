/**
 * Password hashing with Node's scrypt (memory-hard, no native addon): OWASP's equivalent of
 * N=2^17/r=8/p=1 at a quarter of the memory (N=2^15, r=8, p=3: 32 MiB). It runs on libuv's
 * thread pool, never on the event loop. The stored form carries its parameters and salt, so
 * they can be raised later without breaking old hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;
const DEFAULT = { N: 2 ** 15, r: 8, p: 3 } as const;

function derive(password: string, salt: Buffer, o: { N: number; r: number; p: number }) {
  const options: ScryptOptions = { ...o, maxmem: 256 * o.N * o.r + 1024 * 1024 };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, DEFAULT);
  const { N, r, p } = DEFAULT;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Constant-time comparison; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || key === undefined) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;
/** A hash of nothing anyone can type: an unknown user costs the same time as a wrong password. */
export const dummyHash = (): Promise<string> =>
  (dummy ??= hashPassword(randomBytes(16).toString('hex')));
