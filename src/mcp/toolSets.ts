import { AsyncLocalStorage } from 'node:async_hooks';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import type { TeamPrincipal } from '../app/shared/principal.js';
import type { Services } from '../app/shared/services.js';
import { DomainError, ForbiddenError } from '../domain/shared/errors.js';
import { TOOLS, type Tool } from './tools.js';

/** What one POST /mcp lends the tool callbacks: its caller and log, and the first call its workspaces refused. */
export interface McpRequestScope {
  principal: TeamPrincipal;
  log: Logger;
  refusal?: ForbiddenError;
}

/** The scope of the POST whose tool calls are running; the SDK's callbacks run inside it. */
export const mcpRequestScope = new AsyncLocalStorage<McpRequestScope>();

/** One tool as `McpServer.registerTool` takes it: built once, registered on each request's server. */
export interface ToolRegistration {
  name: string;
  config: { description: string; inputSchema: Tool['input']; outputSchema?: NonNullable<Tool['output']> };
  callback: (args: Record<string, unknown>) => Promise<CallToolResult>;
}

const textResult = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/**
 * Runs the tool's operation on the arguments the SDK validated. A domain refusal is a tool error naming the
 * problem; a refused workspace is also kept in the scope, so that the POST is answered HTTP 403.
 */
async function callTool(tool: Tool, args: Record<string, unknown>, services: Services): Promise<CallToolResult> {
  const scope = mcpRequestScope.getStore();
  if (scope === undefined) throw new Error('an MCP tool runs inside the scope of its request');
  try {
    const value = await tool.run(args, { principal: scope.principal, deps: services, log: scope.log });
    return { structuredContent: value as Record<string, unknown>, content: [{ type: 'text', text: JSON.stringify(value) }] };
  } catch (error) {
    if (error instanceof ForbiddenError) scope.refusal ??= error;
    if (error instanceof DomainError) return textResult(error.message);
    scope.log.error({ err: error, tool: tool.name }, 'tool call failed');
    return textResult(`${tool.name} failed; the server log has the details`);
  }
}

const registration = (tool: Tool, services: Services): ToolRegistration => ({
  name: tool.name,
  config: { description: tool.description, inputSchema: tool.input, ...(tool.output ? { outputSchema: tool.output } : {}) },
  callback: (args) => callTool(tool, args, services),
});

export type ToolSets = Readonly<Record<TeamPrincipal['permission'], readonly ToolRegistration[]>>;

/** Built once: every tool for a write token; read tools only for a read token, which then cannot call the others. */
export function toolSets(services: Services): ToolSets {
  const all = TOOLS.map((tool) => registration(tool, services));
  const readOnly = TOOLS.filter((tool) => tool.operation.access !== 'write').map((tool) => registration(tool, services));
  return { write: all, read: readOnly };
}
