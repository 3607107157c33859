import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { load } from 'cheerio';
import { createHash, randomBytes } from 'node:crypto';
import { createUser } from '../../../../src/app/credentials/credentials.js';
import { createTeam } from '../../../../src/app/teams/teams.js';
import { createWorkspace } from '../../../../src/app/workspaces/commands.js';
import type { Permission } from '../../../../src/domain/shared/access.js';
import type { TestApi } from '../../../api/support/testApi.js';

export const PASSWORD = 'correct horse battery staple';
export const REDIRECT_URI = 'http://127.0.0.1:43123/callback';

export interface SeededUser {
  email: string;
  teamId: string;
  workspaceId: string;
  userId: string;
}

/** A team with one workspace and a user of it who signs in with PASSWORD. */
export async function seedUser(api: TestApi, permission: Permission = 'write', email = `ana-${permission}@acme.example`): Promise<SeededUser> {
  const team = await createTeam(api.context, { name: 'Acme' });
  const workspace = await createWorkspace(api.context, { teamId: team.id, name: 'Main' });
  const user = await createUser(api.context, { teamId: team.id, permission, workspaceIds: [workspace.id], email, password: PASSWORD });
  await api.settle();
  return { email, teamId: team.id, workspaceId: workspace.id, userId: user.id };
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function newPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface RegisteredClient {
  client_id: string;
  client_secret?: string;
  [field: string]: unknown;
}

export async function registerClient(api: TestApi, metadata: Record<string, unknown> = {}): Promise<RegisteredClient> {
  const answer = await api.call<RegisteredClient>('POST', '/register', {
    body: { redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none', client_name: 'Test client', ...metadata },
  });
  if (answer.status !== 201) throw new Error(`Registration failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export function authorizationUrl(api: TestApi, client: RegisteredClient, pkce: Pkce, parameters: Record<string, string | undefined> = {}): string {
  const url = new URL('/authorize', api.url);
  const all: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: REDIRECT_URI,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    state: 'state-123',
    resource: `${api.url}/mcp`,
    ...parameters,
  };
  for (const [name, value] of Object.entries(all)) if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
}

export interface ConsentForm {
  action: string;
  fields: Record<string, string>;
  html: string;
}

/** The sign-in and consent page as a browser gets it: its form's action and hidden fields. */
export async function openAuthorizePage(url: string): Promise<ConsentForm & { status: number; headers: Headers }> {
  const response = await fetch(url, { redirect: 'manual' });
  const html = await response.text();
  return { status: response.status, headers: response.headers, ...parseForm(html) };
}

export function parseForm(html: string): ConsentForm {
  const $ = load(html);
  const fields: Record<string, string> = {};
  $('form input[type=hidden]').each((_index, input) => {
    fields[$(input).attr('name') ?? ''] = $(input).attr('value') ?? '';
  });
  return { action: $('form').attr('action') ?? '', fields, html };
}

export interface FormAnswer {
  status: number;
  location: URL | null;
  html: string;
}

/** Posts the form as a browser would, without following the redirect; `send` may post from another client address. */
export async function submitForm(form: ConsentForm, fields: Record<string, string>, send: typeof fetch = fetch): Promise<FormAnswer> {
  const response = await send(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.fields, ...fields }),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  return { status: response.status, location: location === null ? null : new URL(location), html: await response.text() };
}

/** Signs in, allows, and returns the code from the redirect. */
export async function obtainCode(api: TestApi, client: RegisteredClient, pkce: Pkce, user: SeededUser, parameters: Record<string, string | undefined> = {}): Promise<string> {
  const form = await openAuthorizePage(authorizationUrl(api, client, pkce, parameters));
  const answer = await submitForm(form, { email: user.email, password: PASSWORD, decision: 'allow' });
  const code = answer.location?.searchParams.get('code');
  if (answer.status !== 302 || !code) throw new Error(`No code: ${answer.status} ${answer.location?.href ?? answer.html.slice(0, 300)}`);
  return code;
}

export interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
}

export async function postForm(api: TestApi, path: string, fields: Record<string, string | undefined>): Promise<TokenAnswer> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.set(name, value);
  const response = await fetch(`${api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export function exchangeCode(api: TestApi, client: RegisteredClient, code: string, verifier: string, extra: Record<string, string | undefined> = {}): Promise<TokenAnswer> {
  return postForm(api, '/token', {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT_URI,
    client_id: client.client_id,
    client_secret: client.client_secret,
    resource: `${api.url}/mcp`,
    ...extra,
  });
}

export function refresh(api: TestApi, client: RegisteredClient, refreshToken: string, extra: Record<string, string> = {}): Promise<TokenAnswer> {
  return postForm(api, '/token', { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.client_id, client_secret: client.client_secret, ...extra });
}

/** Registers a public client and runs the flow to its first tokens. */
export async function obtainTokens(api: TestApi, user: SeededUser, parameters: Record<string, string | undefined> = {}) {
  const client = await registerClient(api);
  const pkce = newPkce();
  const code = await obtainCode(api, client, pkce, user, parameters);
  const answer = await exchangeCode(api, client, code, pkce.verifier);
  if (answer.status !== 200) throw new Error(`Token exchange failed: ${JSON.stringify(answer.body)}`);
  return { client, pkce, code, tokens: answer.body as { access_token: string; refresh_token: string; scope: string; expires_in: number } };
}

export interface ClientProviderOptions {
  clientName: string;
  /** `none` for a public client (PKCE alone), `client_secret_post` for a confidential one. */
  tokenEndpointAuthMethod: 'none' | 'client_secret_post';
  /** The `state` the SDK sends with the authorization request; none when unset. */
  state?: string;
}

/**
 * An MCP client application's side of OAuth, as the SDK drives it: it keeps what the SDK asks it to keep, and
 * `redirectToAuthorization` remembers where the SDK sends the user; the test then acts as the person at that page.
 */
export class RecordingClientProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  savedTokens: OAuthTokens | undefined;
  verifier = '';
  redirectedTo: URL | undefined;
  readonly clientMetadata: OAuthClientMetadata;
  readonly state?: () => string;

  constructor(options: ClientProviderOptions) {
    this.clientMetadata = {
      client_name: options.clientName,
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: options.tokenEndpointAuthMethod,
    };
    const { state } = options;
    if (state !== undefined) this.state = () => state;
  }

  get redirectUrl(): string {
    return REDIRECT_URI;
  }
  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.client;
  }
  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.client = client;
  }
  tokens(): OAuthTokens | undefined {
    return this.savedTokens;
  }
  saveTokens(tokens: OAuthTokens): void {
    this.savedTokens = tokens;
  }
  redirectToAuthorization(authorizationUrl: URL): void {
    this.redirectedTo = authorizationUrl;
  }
  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }
  codeVerifier(): string {
    return this.verifier;
  }
}
