import type { AuthorizationCodeEvent } from './authorizationCode/events.js';
import type { OAuthClientEvent } from './client/events.js';
import type { TokenFamilyEvent } from './tokenFamily/events.js';

/** Every event of geolens's OAuth authorization server. */
export type OAuthEvent = OAuthClientEvent | AuthorizationCodeEvent | TokenFamilyEvent;
