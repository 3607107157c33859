import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import { meterMcpCall, type UsageCounters } from '../app/accounts/quota.js';
import type { TeamPrincipal } from '../app/shared/principal.js';
import type { Services } from '../app/shared/services.js';
import { DomainError, ForbiddenError } from '../domain/shared/errors.js';
import { TOOLS, type Tool } from './tools.js';

export interface McpDependencies {
  services: Services;
  counters: UsageCounters;
  version: string;
  /** Answers 401 with `WWW-Authenticate` for a missing, invalid or expired token; otherwise lets the request through. */
  bearerAuth: RequestHandler;
  /** The caller of a request `bearerAuth` let through. */
  principalOf(request: Request): TeamPrincipal;
}

type Outcome = { ok: true; value: unknown } | { ok: false; message: string };

interface JsonRpcToolCall {
  id: string | number;
  method: 'tools/call';
  params: { name: string; arguments?: Record<string, unknown> };
}

const isToolCall = (message: unknown): message is JsonRpcToolCall =>
  typeof message === 'object' && message !== null && (message as { method?: unknown }).method === 'tools/call' &&
  typeof (message as { params?: { name?: unknown } }).params?.name === 'string';

/** Write tools are listed, and callable, only for a token with the write permission. */
const visibleTools = (principal: TeamPrincipal): Tool[] => TOOLS.filter((tool) => tool.operation.access !== 'write' || principal.permission === 'write');

function toolResult(outcome: Outcome): CallToolResult {
  if (!outcome.ok) return { isError: true, content: [{ type: 'text', text: outcome.message }] };
  const text = JSON.stringify(outcome.value);
  return { structuredContent: outcome.value as Record<string, unknown>, content: [{ type: 'text', text }] };
}

/**
 * Runs a tool call before the MCP server sees it, so that what interface.md answers at the HTTP level can be:
 * 429 or 403 from the quota, 403 for a resource outside the token's workspaces. Bad arguments are left to the
 * MCP server, which answers them as a tool error naming the argument (it validates with the same schema).
 */
async function prepare(call: JsonRpcToolCall, tools: readonly Tool[], principal: TeamPrincipal, dependencies: McpDependencies, log: Logger): Promise<Outcome | null> {
  await meterMcpCall(dependencies.services, dependencies.counters, principal);
  const tool = tools.find(({ name }) => name === call.params.name);
  const parsed = tool?.input.safeParse(call.params.arguments ?? {});
  if (!tool || !parsed?.success) return null;
  try {
    return { ok: true, value: await tool.run(parsed.data as Record<string, unknown>, { principal, services: dependencies.services, log }) };
  } catch (error) {
    if (error instanceof ForbiddenError) throw error;
    if (error instanceof DomainError) return { ok: false, message: error.message };
    log.error({ err: error, tool: tool.name }, 'tool call failed');
    return { ok: false, message: `${tool.name} failed; the server log has the details` };
  }
}

function mcpServerFor(tools: readonly Tool[], prepared: ReadonlyMap<string, Outcome>, version: string): McpServer {
  const server = new McpServer({ name: 'geolens', version }, { capabilities: { tools: {} } });
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      { description: tool.description, inputSchema: tool.input, ...(tool.output ? { outputSchema: tool.output } : {}) },
      async (_args, extra) => toolResult(prepared.get(String(extra.requestId)) ?? { ok: false, message: `${tool.name} was not run` }),
    );
  }
  return server;
}

async function handleMcpPost(request: Request, response: Response, dependencies: McpDependencies): Promise<void> {
  const principal = dependencies.principalOf(request);
  const tools = visibleTools(principal);
  const messages: unknown[] = Array.isArray(request.body) ? request.body : [request.body];
  const prepared = new Map<string, Outcome>();
  for (const message of messages) {
    if (!isToolCall(message)) continue;
    const outcome = await prepare(message, tools, principal, dependencies, request.log);
    if (outcome) prepared.set(String(message.id), outcome);
  }
  // Stateless (contract.md section 7): a server and a transport per request, so any process can answer any POST.
  const server = mcpServerFor(tools, prepared, dependencies.version);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  response.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request, response, request.body);
}

const methodNotAllowed: RequestHandler = (_request, response) => {
  response.status(405).setHeader('Allow', 'POST').json({ message: 'The MCP endpoint is stateless: send each JSON-RPC message with POST' });
};

/** The MCP endpoint: streamable HTTP, stateless, behind the OAuth bearer check. */
export function mcpRouter(dependencies: McpDependencies): Router {
  const router = Router();
  router.post('/mcp', dependencies.bearerAuth, (request, response) => handleMcpPost(request, response, dependencies));
  router.get('/mcp', methodNotAllowed);
  router.delete('/mcp', methodNotAllowed);
  return router;
}
