import { createHash } from 'node:crypto';
import { randomBase62 } from '../shared/ids.js';

/**
 * What geolens hands out, by a prefix that says what a string is (and lets secret scanners spot a leaked one):
 * authorization codes, access tokens and refresh tokens. 43 base62 characters carry 256 bits.
 */
const PREFIXES = { code: 'glc_', accessToken: 'gla_', refreshToken: 'glr_' } as const;
const RANDOM_LENGTH = 43;

export const newOpaqueSecret = (kind: keyof typeof PREFIXES): string => `${PREFIXES[kind]}${randomBase62(RANDOM_LENGTH)}`;

/**
 * Codes, tokens and client secrets are stored and looked up only by this hash. They carry 256 random bits,
 * so a fast hash is enough (passwords need scrypt).
 */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Token families are named like other ids: their id is the credential id of the principals they authenticate. */
export const newTokenFamilyId = (): string => `tf_${randomBase62(16)}`;

/** Client ids are public (RFC 6749, 2.2); they only need to be unique. */
export const newOAuthClientId = (): string => `oc_${randomBase62(22)}`;
