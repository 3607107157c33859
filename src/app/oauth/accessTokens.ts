import { hasExpired } from '../../domain/oauth/grant.js';
import type { OAuthScope } from '../../domain/oauth/scopes.js';
import { nowIso } from '../shared/context.js';
import type { TeamPrincipal } from '../shared/principal.js';
import type { Services } from '../shared/services.js';
import { oauthCollection } from './readModel.js';
import { hashSecret } from './secrets.js';

/** A bearer token that may be used now, and who it speaks for. */
export interface VerifiedAccessToken {
  principal: TeamPrincipal;
  clientId: string;
  userId: string;
  scopes: OAuthScope[];
  resource: string | null;
  expiresDate: string;
}

/**
 * The access token's principal, or null when it is unknown (REST API keys included), revoked or expired on
 * the service's clock. Only the token's hash is looked up.
 */
export async function verifyAccessToken(services: Services, token: string): Promise<VerifiedAccessToken | null> {
  const stored = await (await oauthCollection(services, 'accessTokens')).findOne({ _id: hashSecret(token) });
  if (!stored || stored.revoked || hasExpired(stored.expiresDate, nowIso(services))) return null;
  const { familyId, clientId, userId, teamId, permission, workspaceIds, scopes, resource, expiresDate } = stored;
  return {
    principal: { kind: 'accessToken', teamId, credentialId: familyId, permission, workspaceIds },
    clientId,
    userId,
    scopes,
    resource,
    expiresDate,
  };
}
