import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;
const KEY_LENGTH = 64;
// r=8, p=1 with N from the config (PASSWORD_HASH_LOG_N, 15 = OWASP's minimum); maxmem must be raised to allow N=2^15
// and above (scrypt needs 128·N·r bytes).
const R = 8;
const P = 1;
const maxmemFor = (n: number) => Math.max(64 * 1024 * 1024, 256 * n * R);

/** `scrypt$N$r$p$salt$hash`, so the cost can be raised later without breaking stored hashes. */
export async function hashPassword(password: string, logN: number): Promise<string> {
  const N = 2 ** logN;
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmemFor(N) });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

const decoys = new Map<number, Promise<string>>();
/**
 * A hash of a random password at the configured cost, compared against when the identifier is unknown, so that a
 * wrong identifier takes as long to refuse as a wrong password and the timing does not tell which accounts exist.
 */
export function decoyHash(logN: number): Promise<string> {
  let decoy = decoys.get(logN);
  if (!decoy) decoys.set(logN, (decoy = hashPassword(randomBytes(16).toString('hex'), logN)));
  return decoy;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: maxmemFor(Number(n)),
  });
  return timingSafeEqual(actual, expected);
}
