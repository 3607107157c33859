import type { TokenFamilyEvent } from '../../domain/oauth/tokenFamily/events.js';
import { assertNever } from '../../domain/shared/decider.js';
import type { Projection, ProjectionScope } from '../runner/projection.js';
import { OAUTH_COLLECTIONS as C, type AccessTokenDoc, type RefreshTokenDoc, type TokenFamilyDoc } from './documents.js';

const EVENT_TYPES: readonly TokenFamilyEvent['type'][] = ['TokenFamilyStarted', 'TokenFamilyRefreshed', 'TokenFamilyRevoked'];

async function applyOne(event: TokenFamilyEvent, scope: ProjectionScope): Promise<void> {
  const accessTokens = scope.collection<AccessTokenDoc>(C.accessTokens);
  const refreshTokens = scope.collection<RefreshTokenDoc>(C.refreshTokens);
  const families = scope.collection<TokenFamilyDoc>(C.tokenFamilies);
  switch (event.type) {
    case 'TokenFamilyStarted': {
      const { familyId, clientId, userId, teamId, permission, workspaceIds, scopes, resource } = event.data;
      await families.replaceOne({ _id: familyId }, { _id: familyId, clientId, userId, teamId, workspaceIds, resource, revoked: false }, { upsert: true });
      const { accessTokenHash, accessTokenExpiresDate: expiresDate, refreshTokenHash } = event.data;
      const accessToken = { familyId, clientId, userId, teamId, permission, workspaceIds, scopes, resource, expiresDate, revoked: false };
      await accessTokens.replaceOne({ _id: accessTokenHash }, { _id: accessTokenHash, ...accessToken }, { upsert: true });
      if (refreshTokenHash !== null) {
        await refreshTokens.replaceOne({ _id: refreshTokenHash }, { _id: refreshTokenHash, familyId, clientId }, { upsert: true });
      }
      return;
    }
    case 'TokenFamilyRefreshed': {
      const { familyId, accessTokenHash, accessTokenExpiresDate: expiresDate, permission, scopes, refreshTokenHash } = event.data;
      const family = await families.findOne({ _id: familyId });
      if (!family) return;
      const { clientId, userId, teamId, workspaceIds, resource, revoked } = family;
      const accessToken = { familyId, clientId, userId, teamId, permission, workspaceIds, scopes, resource, expiresDate, revoked };
      await accessTokens.replaceOne({ _id: accessTokenHash }, { _id: accessTokenHash, ...accessToken }, { upsert: true });
      await refreshTokens.replaceOne({ _id: refreshTokenHash }, { _id: refreshTokenHash, familyId, clientId }, { upsert: true });
      return;
    }
    case 'TokenFamilyRevoked':
      await families.updateOne({ _id: event.data.familyId }, { $set: { revoked: true } });
      await accessTokens.updateMany({ familyId: event.data.familyId }, { $set: { revoked: true } });
      return;
    default:
      assertNever(event);
  }
}

/** OAuth token lookups by hash: access tokens for the bearer check, refresh tokens for rotation and revocation. */
export const oauthProjection: Projection<TokenFamilyEvent> = {
  name: 'oauth',
  version: 1,
  eventTypes: EVENT_TYPES,
  async setup(scope) {
    await scope.collection(C.accessTokens).createIndex({ familyId: 1 });
  },
  async apply(events, scope) {
    for (const event of events) await applyOne(event, scope);
  },
};
