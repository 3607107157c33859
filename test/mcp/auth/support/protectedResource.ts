import express from 'express';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignInThrottle } from '../../../../src/app/signIn/throttle.js';
import { DocumentSignInFailures } from '../../../../src/infra/sessions/documentSessionStore.js';
import { accessTokenPrincipal, createOAuth } from '../../../../src/mcp/auth/index.js';
import type { TestApi } from '../../../api/support/testApi.js';

export interface ProtectedResource {
  /** POST here with a bearer token: 200 with the principal, or the bearer check's 401. */
  mcpUrl: string;
  close(): Promise<void>;
}

/** A stand-in for /mcp behind the bearer check, as the MCP server mounts it, on its own loopback port. */
export async function startProtectedResource(api: TestApi): Promise<ProtectedResource> {
  const app = express();
  const throttle = new SignInThrottle(await DocumentSignInFailures.on(api.context.documentStore), api.context.clock);
  app.post('/mcp', createOAuth({ services: api.services, baseUrl: api.url, throttle }).bearerAuth, (request, response) => {
    response.json({ principal: accessTokenPrincipal(request), clientId: request.auth?.clientId, scopes: request.auth?.scopes });
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    mcpUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface BearerAnswer {
  status: number;
  challenge: string | null;
  body: Record<string, unknown>;
}

export async function callMcp(resource: ProtectedResource, token?: string): Promise<BearerAnswer> {
  const response = await fetch(resource.mcpUrl, { method: 'POST', headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });
  return { status: response.status, challenge: response.headers.get('www-authenticate'), body: (await response.json()) as Record<string, unknown> };
}
