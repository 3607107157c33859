import { GoneError, NotFoundError, QuotaExceededError } from '../../domain/shared/errors.js';
import { isExpired } from '../../domain/shareLinks/window.js';
import { linkByTokenHash, type ShareLinkDoc } from '../../projections/shareLinks/reader.js';
import type { Services } from '../shared/services.js';
import { hashShareToken } from './shareLinks.js';
import { countShareRequest, SHARE_REQUESTS_PER_MINUTE } from './views.js';

/** The shape of every token this server hands out; anything else is not looked up. */
const TOKEN_PATTERN = /^gls_[A-Za-z0-9_-]{43}$/;

const UNKNOWN = 'This share link does not exist or was revoked.';

/**
 * The live link `token` opens, its request counted: 404 for an unknown or revoked token (the same words for
 * both), 410 once expired, 429 past the token's requests for this minute.
 */
export async function openShareLink(services: Services, token: string): Promise<ShareLinkDoc> {
  if (!TOKEN_PATTERN.test(token)) throw new NotFoundError(UNKNOWN);
  const link = await linkByTokenHash(services.readModels, hashShareToken(token));
  if (!link) throw new NotFoundError(UNKNOWN);
  const now = services.clock.now();
  if (isExpired(link.expiresAt, now)) throw new GoneError('This share link has expired. Ask whoever sent it for a new one.');
  if (!(await countShareRequest(services.documentStore, link._id, now))) {
    throw new QuotaExceededError(`This share link has made its ${SHARE_REQUESTS_PER_MINUTE} requests of this minute; try again in a minute.`);
  }
  return link;
}
