import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { randomBase62 } from '../shared/ids.js';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keyLength: number, options: object) => Promise<Buffer>;

export const API_KEY_PREFIX = 'glk_live_';
const API_KEY_RANDOM_LENGTH = 40;
export const API_KEY_PATTERN = /^glk_live_[0-9A-Za-z]{40,}$/;

/** A new API key: shown once, only its hash is stored. */
export const generateApiKey = (): string => `${API_KEY_PREFIX}${randomBase62(API_KEY_RANDOM_LENGTH)}`;

/** Keys carry 238 bits of randomness, so a fast hash is enough; passwords need scrypt. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** What may be shown of a key later (lists, logs): the prefix and the first random characters. */
export const apiKeyDisplayPrefix = (key: string): string => key.slice(0, API_KEY_PREFIX.length + 4);

const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 32 };

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, SCRYPT.keyLength, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(actual, expected);
}

/** A readable random password for generated accounts (the demo user). */
export const generatePassword = (): string => randomBase62(20);
