import type { Collection } from '../../ports/documentStore.js';
import { OAUTH_COLLECTIONS, type AccessTokenDoc, type RefreshTokenDoc } from '../../projections/oauth/documents.js';
import { oauthProjection } from '../../projections/oauth/projection.js';
import type { Services } from '../shared/services.js';

type OAuthCollections = { accessTokens: AccessTokenDoc; refreshTokens: RefreshTokenDoc };

/** A collection of the live version of the OAuth projection. */
export function oauthCollection<Name extends keyof OAuthCollections>(services: Services, name: Name): Promise<Collection<OAuthCollections[Name]>> {
  return services.readModels.collection<OAuthCollections[Name]>(oauthProjection, OAUTH_COLLECTIONS[name]);
}
