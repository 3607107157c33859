import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { TestApi } from '../../api/support/testApi.js';
import { openAuthorizePage, PASSWORD, RecordingClientProvider, submitForm, type SeededUser } from '../auth/support/oauthClient.js';


export interface SignedIn {
  client: Client;
  provider: RecordingClientProvider;
  /** Whether the first connection was refused with UnauthorizedError, as a client without a token is. */
  firstAttemptUnauthorized: boolean;
}

/**
 * Connects the SDK's client to `/mcp` as a new MCP client application would: the first attempt is refused,
 * the SDK discovers and registers, the user signs in and allows on the authorize page, the SDK exchanges the
 * code with its PKCE verifier, and a fresh transport connects (initialize).
 */
export async function signInWithSdk(api: TestApi, user: SeededUser, scope?: string): Promise<SignedIn> {
  const provider = new RecordingClientProvider({ clientName: 'geolens MCP e2e', tokenEndpointAuthMethod: 'none' });
  if (scope) Object.assign(provider.clientMetadata, { scope });
  const url = new URL(`${api.url}/mcp`);
  let firstAttemptUnauthorized = false;
  try {
    await new Client({ name: 'e2e', version: '1.0.0' }).connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
  } catch (error) {
    firstAttemptUnauthorized = error instanceof UnauthorizedError;
  }
  const page = await openAuthorizePage((provider.redirectedTo as URL).href);
  const consent = await submitForm(page, { email: user.email, password: PASSWORD, decision: 'allow' });
  const code = consent.location?.searchParams.get('code');
  if (!code) throw new Error(`The authorize page issued no code: ${consent.status} ${consent.html.slice(0, 200)}`);
  await new StreamableHTTPClientTransport(url, { authProvider: provider }).finishAuth(code);
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
  return { client, provider, firstAttemptUnauthorized };
}

/** A JSON-RPC POST to /mcp as raw HTTP, to read the status a client would see. */
export async function postMcp(api: TestApi, token: string | undefined, body: unknown): Promise<{ status: number; headers: Headers; body: unknown }> {
  const response = await fetch(`${api.url}/mcp`, {
    method: 'POST',
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : null };
}

export const toolCall = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
