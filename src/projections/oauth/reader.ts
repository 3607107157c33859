import type { Collection } from '../../ports/documentStore.js';
import type { ReadModels } from '../runner/readModels.js';
import { OAUTH_COLLECTIONS, type AccessTokenDoc, type RefreshTokenDoc } from './documents.js';
import { oauthProjection } from './projection.js';

export type { AccessTokenDoc, RefreshTokenDoc } from './documents.js';

type OAuthCollections = { accessTokens: AccessTokenDoc; refreshTokens: RefreshTokenDoc };

/** What the application reads of the OAuth grants: a collection of the live version, by name. */
export function oauthCollection<Name extends keyof OAuthCollections>(readModels: ReadModels, name: Name): Promise<Collection<OAuthCollections[Name]>> {
  return readModels.collection<OAuthCollections[Name]>(oauthProjection, OAUTH_COLLECTIONS[name]);
}
