import type { Collection } from '../../ports/documentStore.js';
import { oauthCollection as liveOAuthCollection, type AccessTokenDoc, type RefreshTokenDoc } from '../../projections/oauth/reader.js';
import type { Services } from '../shared/services.js';

type OAuthCollections = { accessTokens: AccessTokenDoc; refreshTokens: RefreshTokenDoc };

/** A collection of the live version of the OAuth projection. */
export function oauthCollection<Name extends keyof OAuthCollections>(services: Services, name: Name): Promise<Collection<OAuthCollections[Name]>> {
  return liveOAuthCollection(services.readModels, name);
}
