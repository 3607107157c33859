import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { meterMcpCall, type UsageCounters } from '../app/accounts/quota.js';
import type { TeamPrincipal } from '../app/shared/principal.js';
import type { Services } from '../app/shared/services.js';
import { mcpRequestScope, toolSets, type McpRequestScope, type ToolRegistration } from './toolSets.js';

export interface McpDependencies {
  services: Services;
  counters: UsageCounters;
  version: string;
  /** Answers 401 with `WWW-Authenticate` for a missing, invalid or expired token; otherwise lets the request through. */
  bearerAuth: RequestHandler;
  /** The caller of a request `bearerAuth` let through. */
  principalOf(request: Request): TeamPrincipal;
}

const isToolCall = (message: unknown): boolean =>
  typeof message === 'object' && message !== null && (message as { method?: unknown }).method === 'tools/call' &&
  typeof (message as { params?: { name?: unknown } }).params?.name === 'string';

/** Counts every tool call of the POST against the team's quota before any runs: HTTP 429, or 403 where MCP is off. */
function meterToolCalls(dependencies: McpDependencies): RequestHandler {
  return async (request, _response, next) => {
    const messages: unknown[] = Array.isArray(request.body) ? request.body : [request.body];
    const principal = dependencies.principalOf(request);
    const calls = messages.filter(isToolCall).length;
    for (let call = 0; call < calls; call += 1) await meterMcpCall(dependencies.services, dependencies.counters, principal);
    next();
  };
}

/**
 * The servers' JSON Schema validator (the SDK uses it for elicitation, which geolens does not send), made once:
 * the SDK's default makes a new Ajv per server, and with a server per request that was a seventh of the CPU of a
 * tool call under load.
 */
const schemaValidator = new AjvJsonSchemaValidator();

function mcpServerWith(tools: readonly ToolRegistration[], version: string): McpServer {
  const server = new McpServer({ name: 'geolens', version }, { capabilities: { tools: {} }, jsonSchemaValidator: schemaValidator });
  for (const { name, config, callback } of tools) server.registerTool(name, config, callback);
  return server;
}

/** The express request as the SDK's web-standard transport reads it; the body is handed over already parsed. */
function webRequest(request: Request): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  return new globalThis.Request(new URL(request.originalUrl, 'http://mcp.local'), { method: request.method, headers });
}

async function send(answer: globalThis.Response, response: Response): Promise<void> {
  response.status(answer.status);
  answer.headers.forEach((value, name) => response.setHeader(name, value));
  response.end(Buffer.from(await answer.arrayBuffer()));
}

/**
 * Stateless: a server and a transport per request, so any process can answer any POST;
 * the SDK parses the messages and its tool callbacks run the operations. A call refused for its workspace
 * answers the whole POST with HTTP 403 instead of the tool results.
 */
async function handleMcpPost(request: Request, response: Response, dependencies: McpDependencies, sets: ReturnType<typeof toolSets>): Promise<void> {
  const scope: McpRequestScope = { principal: dependencies.principalOf(request), log: request.log };
  const server = mcpServerWith(sets[scope.principal.permission], dependencies.version);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    const answer = await mcpRequestScope.run(scope, () =>
      transport.handleRequest(webRequest(request), { parsedBody: request.body, authInfo: request.auth }),
    );
    if (scope.refusal) throw scope.refusal;
    await send(answer, response);
  } finally {
    await server.close();
  }
}

const methodNotAllowed: RequestHandler = (_request, response) => {
  response.status(405).setHeader('Allow', 'POST').json({ message: 'The MCP endpoint is stateless: send each JSON-RPC message with POST' });
};

/** The MCP endpoint: streamable HTTP, stateless, behind the OAuth bearer check and the tool-call meter. */
export function mcpRouter(dependencies: McpDependencies): Router {
  const sets = toolSets(dependencies.services);
  const router = Router();
  router.post('/mcp', dependencies.bearerAuth, meterToolCalls(dependencies), (request, response) => handleMcpPost(request, response, dependencies, sets));
  router.get('/mcp', methodNotAllowed);
  router.delete('/mcp', methodNotAllowed);
  return router;
}
