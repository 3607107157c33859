import type { AuthorizationParams } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { Request, Response } from 'express';
import { issueAuthorizationCode } from '../../app/oauth/authorizationCodes.js';
import { findOAuthClient } from '../../app/oauth/clients.js';
import { signIn } from '../../app/signIn/signIn.js';
import type { SignInThrottle } from '../../app/signIn/throttle.js';
import type { Services } from '../../app/shared/services.js';
import { validateAuthorizationRequest, type AuthorizationRequest, type ValidAuthorizationRequest } from '../../domain/oauth/authorizationRequest.js';
import type { RegisteredOAuthClient } from '../../domain/oauth/client/events.js';
import { OAuthRefusal, UnregisteredRedirectUri } from '../../domain/oauth/errors.js';
import { sendAuthorizePage, type AuthorizePageContent, type HiddenFields } from './authorizePage.js';
import type { OAuthUrls } from './metadata.js';
import { toSdkError, withOAuthErrors } from './oauthErrors.js';

export interface AuthorizeEndpointDependencies {
  services: Services;
  urls: OAuthUrls;
  throttle: SignInThrottle;
}

/** The fields the consent form adds to the authorization request's. */
interface ConsentForm {
  email: string;
  password: string;
  decision: string;
}

const formField = (body: unknown, name: keyof ConsentForm): string => {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
};

/**
 * GET /authorize and the consent form's POST to it, both after the SDK's handler validated the client and
 * PKCE S256 (and `exactRedirectUri` the redirect URI). Both validate the request again here through the
 * domain: on a post the hidden fields are whatever the browser sent. An unregistered redirect URI is answered
 * 400, never redirected to; every other refusal is thrown for the SDK to send to the redirect URI.
 */
export async function authorizeEndpoint(
  dependencies: AuthorizeEndpointDependencies,
  clientId: string,
  params: AuthorizationParams,
  response: Response,
): Promise<void> {
  const { services, urls } = dependencies;
  const client = await findOAuthClient(services, clientId);
  if (client === null) throw new Error(`Client ${clientId} vanished after the SDK read it`);
  const request: AuthorizationRequest = {
    redirectUri: params.redirectUri,
    scopes: params.scopes ?? [],
    codeChallenge: params.codeChallenge,
    resource: params.resource?.href ?? null,
  };
  let valid: ValidAuthorizationRequest;
  try {
    valid = validateAuthorizationRequest(client, request, urls.protectedResource);
  } catch (error) {
    if (error instanceof UnregisteredRedirectUri) {
      response.status(400).json({ error: 'invalid_request', error_description: error.message });
      return;
    }
    throw error instanceof OAuthRefusal ? toSdkError(error) : error;
  }
  const page = pageContent(client, params, valid, urls);
  const httpRequest: Request = response.req;
  if (httpRequest.method !== 'POST') {
    sendAuthorizePage(response, page);
    return;
  }
  await answerConsent(dependencies, { client, request, params, page, body: httpRequest.body }, response);
}

interface Consent {
  client: RegisteredOAuthClient;
  request: AuthorizationRequest;
  params: AuthorizationParams;
  page: AuthorizePageContent;
  body: unknown;
}

async function answerConsent(dependencies: AuthorizeEndpointDependencies, consent: Consent, response: Response): Promise<void> {
  const { services, urls, throttle } = dependencies;
  const { client, request, params, page, body } = consent;
  const decision = formField(body, 'decision');
  if (decision === 'deny') {
    redirectWith(response, params, { error: 'access_denied', error_description: 'The user denied the request' });
    return;
  }
  const email = formField(body, 'email');
  if (decision !== 'allow') {
    sendAuthorizePage(response, { ...page, email, error: 'Choose Allow or Deny.' }, 400);
    return;
  }
  const address = response.req.socket.remoteAddress;
  const result = await signIn(services, throttle, { email, password: formField(body, 'password'), address });
  if (result.outcome === 'throttled') {
    const wait = `${result.secondsToWait} second${result.secondsToWait === 1 ? '' : 's'}`;
    const error = `Too many failed sign-ins for this e-mail address. Try again in ${wait}.`;
    sendAuthorizePage(response.set('Retry-After', String(result.secondsToWait)), { ...page, email, error }, 429);
    return;
  }
  if (result.outcome === 'refused') {
    sendAuthorizePage(response, { ...page, email, error: 'Wrong e-mail address or password.' });
    return;
  }
  const code = await withOAuthErrors(() =>
    issueAuthorizationCode(services, { client, request, user: result.user, protectedResource: urls.protectedResource }),
  );
  redirectWith(response, params, { code });
}

/** 302 to the redirect URI with `parameters` and the request's `state`, echoed unchanged. */
function redirectWith(response: Response, params: AuthorizationParams, parameters: Record<string, string>): void {
  const target = new URL(params.redirectUri);
  for (const [name, value] of Object.entries(parameters)) target.searchParams.set(name, value);
  if (params.state !== undefined) target.searchParams.set('state', params.state);
  response.redirect(302, target.href);
}

function pageContent(client: RegisteredOAuthClient, params: AuthorizationParams, valid: ValidAuthorizationRequest, urls: OAuthUrls): AuthorizePageContent {
  const hiddenFields: HiddenFields = {
    client_id: client.clientId,
    redirect_uri: valid.redirectUri,
    response_type: 'code',
    code_challenge: valid.codeChallenge,
    code_challenge_method: 'S256',
    scope: valid.scopes.join(' '),
    ...(params.state === undefined ? {} : { state: params.state }),
    ...(valid.resource === null ? {} : { resource: valid.resource }),
  };
  return { clientName: client.clientName ?? client.clientId, redirectUri: valid.redirectUri, scopes: valid.scopes, action: urls.authorizationEndpoint, hiddenFields };
}
