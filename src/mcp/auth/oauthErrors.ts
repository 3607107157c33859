import {
  CustomOAuthError,
  InvalidClientMetadataError,
  InvalidGrantError,
  InvalidRequestError,
  InvalidScopeError,
  InvalidTargetError,
  UnauthorizedClientError,
  type OAuthError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { OAuthRefusal, type OAuthErrorCode } from '../../domain/oauth/errors.js';

const SDK_ERRORS: Record<OAuthErrorCode, (message: string) => OAuthError> = {
  invalid_request: (message) => new InvalidRequestError(message),
  invalid_grant: (message) => new InvalidGrantError(message),
  invalid_scope: (message) => new InvalidScopeError(message),
  invalid_target: (message) => new InvalidTargetError(message),
  invalid_client_metadata: (message) => new InvalidClientMetadataError(message),
  invalid_redirect_uri: (message) => new CustomOAuthError('invalid_redirect_uri', message),
  unauthorized_client: (message) => new UnauthorizedClientError(message),
};

export const toSdkError = (refusal: OAuthRefusal): OAuthError => SDK_ERRORS[refusal.code](refusal.message);

/**
 * The SDK's handlers answer its OAuthError classes with their RFC code and 400; anything else becomes a 500
 * `server_error`. Refusals decided by the domain are translated here, once.
 */
export async function withOAuthErrors<Result>(run: () => Promise<Result>): Promise<Result> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof OAuthRefusal) throw toSdkError(error);
    throw error;
  }
}
