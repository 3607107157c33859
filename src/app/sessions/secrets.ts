import { createHash } from 'node:crypto';
import { randomBase62 } from '../shared/ids.js';

/** 43 base62 characters: 256 bits of randomness. */
const SESSION_ID_LENGTH = 43;
export const SESSION_ID_PATTERN = /^[0-9A-Za-z]{43}$/;

export const newSessionId = (): string => randomBase62(SESSION_ID_LENGTH);

/** What the store keeps: the id has 256 random bits, so a fast hash is enough. */
export const hashSessionId = (sessionId: string): string => createHash('sha256').update(sessionId).digest('hex');

/**
 * The session's CSRF token, derived from its id so that nothing more is stored: a page reads it from the
 * session's answer, while another site's page can neither read it nor compute it (the id never leaves the
 * HttpOnly cookie, and the stored hash is of another input).
 */
export const csrfTokenOf = (sessionId: string): string => createHash('sha256').update(`csrf|${sessionId}`).digest('base64url');
