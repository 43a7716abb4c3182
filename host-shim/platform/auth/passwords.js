import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt);
const PARAMS = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 64;

/** `scrypt$N$r$p$salt$hash` with a fresh random salt. */
export async function hashPassword(password) {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password, stored) {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt') return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(N), r: Number(r), p: Number(p),
  });
  return timingSafeEqual(key, expected);
}

// Hashed once, so that a login for an unknown account costs as much time as a wrong password.
let dummyHash;
export async function burnVerificationTime(password) {
  dummyHash ??= await hashPassword('not a real password');
  await verifyPassword(password, dummyHash);
  return false;
}

const BOT_PASSWORD_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A 32-character bot password, as MediaWiki generates them. */
export function generateBotPassword() {
  return Array.from({ length: 32 }, () => BOT_PASSWORD_ALPHABET[randomInt(BOT_PASSWORD_ALPHABET.length)]).join('');
}
