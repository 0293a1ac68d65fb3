/** Password hashing (scrypt, salted, timing-safe) and opaque tokens (random, stored as SHA-256). */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, createHash } from 'node:crypto';

const KEY_LEN = 64;
const N = 16384;
const R = 8;
const P = 1;

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEY_LEN, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Format: scrypt$N$r$p$saltB64$hashB64 (parameters stored so they can be raised later). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, hashB64] = parts;
  const expected = Buffer.from(hashB64, 'base64');
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), Number(n), Number(r), Number(p));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** 32 random bytes, base64url: the opaque bearer token / code / refresh token handed to the client. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A hash that never matches a real password: used to keep login timing equal for unknown emails. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(newToken());
  return dummyHash;
}

/**
 * The one password check of every sign-in: exactly one scrypt with the current parameters whatever the account
 * is (unknown, Google-only with no usable hash, or a password account), so the answer's timing does not tell
 * them apart (account enumeration). True only when `stored` is a real hash that matches.
 */
export async function checkPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const usable = !!stored && /^scrypt\$\d+\$\d+\$\d+\$[^$]+\$[^$]+$/.test(stored);
  const against = usable ? stored : await dummyPasswordHash();
  const ok = await verifyPassword(password, against);
  return usable && ok;
}
