import { authorizationCodeDecider, type RedeemAuthorizationCode } from '../../domain/oauth/authorizationCode/decide.js';
import { authorizationCodeStream, type IssuedAuthorizationCode } from '../../domain/oauth/authorizationCode/events.js';
import { assertProtectedResource } from '../../domain/oauth/authorizationRequest.js';
import type { RegisteredOAuthClient } from '../../domain/oauth/client/events.js';
import { AuthorizationCodeReplayed, OAuthRefusal } from '../../domain/oauth/errors.js';
import { ACCESS_TOKEN_LIFETIME_MS, type OAuthGrant } from '../../domain/oauth/grant.js';
import type { OAuthScope } from '../../domain/oauth/scopes.js';
import { tokenFamilyDecider } from '../../domain/oauth/tokenFamily/decide.js';
import { tokenFamilyStream, type RevocationReason } from '../../domain/oauth/tokenFamily/events.js';
import { handleCommand } from '../shared/commandHandler.js';
import { nowIso } from '../shared/context.js';
import type { Services } from '../shared/services.js';
import { oauthCollection } from './readModel.js';
import { hashSecret, newOpaqueSecret, newTokenFamilyId } from './secrets.js';

/** What the token endpoint answers (RFC 6749, 5.1). */
export interface IssuedTokens {
  accessToken: string;
  expiresInSeconds: number;
  refreshToken: string | null;
  scopes: OAuthScope[];
}

export interface TokenRequestTarget {
  /** The RFC 8707 `resource` of the token request, when sent. */
  resource: string | null;
  protectedResource: string;
}

/**
 * Exchanges a code (its PKCE verifier already checked by the SDK): the code stream's expected revision lets
 * only one redemption through, then the family starts. A replayed code revokes the family it started.
 * Answers once the read model knows the new access token, so it works at once.
 */
export async function redeemAuthorizationCode(
  services: Services,
  input: TokenRequestTarget & { code: string; client: RegisteredOAuthClient; redirectUri: string | null },
): Promise<IssuedTokens> {
  assertProtectedResource(input.resource, input.protectedResource);
  const codeHash = hashSecret(input.code);
  const familyId = newTokenFamilyId();
  const { clientId, userId, teamId, permission, workspaceIds, scopes, resource } = await spendCode(services, {
    codeHash,
    clientId: input.client.clientId,
    redirectUri: input.redirectUri,
    familyId,
    now: nowIso(services),
  });
  const grant: OAuthGrant = { clientId, userId, teamId, permission, workspaceIds, scopes, resource };
  const accessToken = newOpaqueSecret('accessToken');
  const refreshToken = input.client.grantTypes.includes('refresh_token') ? newOpaqueSecret('refreshToken') : null;
  const started = await handleCommand(services.eventStore, tokenFamilyStream(familyId), tokenFamilyDecider, {
    type: 'StartTokenFamily',
    data: {
      familyId,
      codeHash,
      grant,
      accessTokenHash: hashSecret(accessToken),
      refreshTokenHash: refreshToken === null ? null : hashSecret(refreshToken),
      now: nowIso(services),
    },
  });
  await services.readYourWrites(started.position);
  return { accessToken, expiresInSeconds: ACCESS_TOKEN_LIFETIME_MS / 1000, refreshToken, scopes };
}

/** Marks the code redeemed for `familyId`; a replayed code revokes the family its first redemption started. */
async function spendCode(services: Services, data: RedeemAuthorizationCode['data']): Promise<IssuedAuthorizationCode> {
  try {
    const { state } = await handleCommand(services.eventStore, authorizationCodeStream(data.codeHash), authorizationCodeDecider, {
      type: 'RedeemAuthorizationCode',
      data,
    });
    if (state.status === 'absent') throw new Error('A redeemed code reads back as issued');
    return state;
  } catch (error) {
    if (error instanceof AuthorizationCodeReplayed) await revokeFamily(services, error.familyId, 'code_replayed');
    throw error;
  }
}

/**
 * Rotates the refresh token. The family's stream decides: the current token is spent once, and a spent one
 * presented again revokes every token of the family, which is refused here after it is written.
 */
export async function refreshAccessToken(
  services: Services,
  input: TokenRequestTarget & { refreshToken: string; clientId: string; requestedScopes: readonly string[] | null },
): Promise<IssuedTokens> {
  assertProtectedResource(input.resource, input.protectedResource);
  const presentedRefreshTokenHash = hashSecret(input.refreshToken);
  const known = await (await oauthCollection(services, 'refreshTokens')).findOne({ _id: presentedRefreshTokenHash });
  if (!known) throw new OAuthRefusal('invalid_grant', 'Unknown refresh token');
  const accessToken = newOpaqueSecret('accessToken');
  const refreshToken = newOpaqueSecret('refreshToken');
  const result = await handleCommand(services.eventStore, tokenFamilyStream(known.familyId), tokenFamilyDecider, {
    type: 'RefreshTokenFamily',
    data: {
      familyId: known.familyId,
      clientId: input.clientId,
      presentedRefreshTokenHash,
      requestedScopes: input.requestedScopes,
      accessTokenHash: hashSecret(accessToken),
      refreshTokenHash: hashSecret(refreshToken),
      now: nowIso(services),
    },
  });
  await services.readYourWrites(result.position);
  const [decided] = result.newEvents;
  if (decided?.type !== 'TokenFamilyRefreshed') {
    throw new OAuthRefusal('invalid_grant', 'This refresh token was already used; every token issued with it is revoked');
  }
  return { accessToken, expiresInSeconds: ACCESS_TOKEN_LIFETIME_MS / 1000, refreshToken, scopes: decided.data.scopes };
}

/**
 * RFC 7009: an access or refresh token revokes its whole family (the RFC allows either to take the other
 * along). An unknown token is not an error; a token of another client is refused.
 */
export async function revokeToken(services: Services, input: { token: string; clientId: string }): Promise<void> {
  const tokenHash = hashSecret(input.token);
  const owner =
    (await (await oauthCollection(services, 'accessTokens')).findOne({ _id: tokenHash })) ??
    (await (await oauthCollection(services, 'refreshTokens')).findOne({ _id: tokenHash }));
  if (!owner) return;
  if (owner.clientId !== input.clientId) throw new OAuthRefusal('unauthorized_client', 'This token was issued to another client');
  await revokeFamily(services, owner.familyId, 'revoked');
}

async function revokeFamily(services: Services, familyId: string, reason: RevocationReason): Promise<void> {
  const result = await handleCommand(services.eventStore, tokenFamilyStream(familyId), tokenFamilyDecider, {
    type: 'RevokeTokenFamily',
    data: { familyId, reason, now: nowIso(services) },
  });
  await services.readYourWrites(result.position);
}
