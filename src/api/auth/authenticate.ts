import type { TeamPrincipal } from '../../app/shared/principal.js';
import { API_KEY_PATTERN, hashApiKey } from '../../app/credentials/secrets.js';
import type { Services } from '../../app/shared/services.js';
import { UnauthorizedError } from '../../domain/shared/errors.js';

const BEARER = /^Bearer +(\S+) *$/i;

/** The key of an `Authorization: Bearer <key>` header; 401 when the header is missing or not of that form. */
export function bearerKey(authorization: string | undefined): string {
  if (authorization === undefined || authorization.trim() === '') {
    throw new UnauthorizedError('Missing Authorization header: send "Authorization: Bearer <API key>"');
  }
  const key = BEARER.exec(authorization)?.[1];
  if (key === undefined || !API_KEY_PATTERN.test(key)) {
    throw new UnauthorizedError('Malformed Authorization header: expected "Bearer glk_live_..." with an API key');
  }
  return key;
}

/** Resolves the credential by the hash of its key: only hashes are stored, so lookup is one primary-key read. */
export async function authenticate(services: Services, authorization: string | undefined): Promise<TeamPrincipal> {
  const key = bearerKey(authorization);
  const stored = await services.credentials.apiKey(hashApiKey(key));
  if (!stored) throw new UnauthorizedError('Invalid API key');
  if (stored.revoked) throw new UnauthorizedError('This API key has been revoked');
  return { kind: 'apiKey', teamId: stored.teamId, credentialId: stored.keyId, permission: stored.permission, workspaceIds: stored.workspaceIds };
}
