// Password hashing with scrypt (node:crypto), a random salt per password, and a constant-time comparison. The stored
// form names its parameters, so they can be raised later without invalidating existing hashes.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

// N=16384, r=8, p=1: OWASP's minimum for scrypt, ~40 ms here; enough to make offline guessing costly without
// making sign-in slow.
const PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

const derive = (password: string, salt: Buffer, opts: ScryptOptions, keyLength: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...opts, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });

/** `scrypt$N$r$p$<salt b64url>$<key b64url>` */
export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, PARAMS, KEY_LENGTH);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
};

/** True when `password` matches `stored`; false for a wrong password or a malformed hash (never throws for those). */
export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (!N || !r || !p || salt.length === 0 || expected.length === 0) return false;
  const actual = await derive(password, salt, { N, r, p }, expected.length);
  return timingSafeEqual(actual, expected);
};

// Verifying against this when the user name is unknown costs the same time as a real check, so response time does
// not tell an attacker which user names exist.
let dummyHash: Promise<string> | undefined;
export const verifyAgainstDummy = async (password: string): Promise<false> => {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(password, await dummyHash);
  return false;
};
