import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createApiKey } from '../../src/app/credentials/credentials.js';
import { setTeamPlan } from '../../src/app/teams/teams.js';
import { startTestApi, type TestApi } from '../api/support/testApi.js';
import { seedUser, type SeededUser } from './auth/support/oauthClient.js';
import { postMcp, signInWithSdk, toolCall } from './support/sdkClient.js';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** A signed-in user of a fresh team whose plan allows `mcpRequestsMax` tool calls, and a REST key to read its account. */
async function teamWithMcpLimit(mcpRequestsMax: number | null, email: string): Promise<{ user: SeededUser; token: string; usage: () => Promise<number> }> {
  const user = await seedUser(api, 'write', email);
  await setTeamPlan(api.context, { teamId: user.teamId, plan: 'custom', mcpRequestsMax });
  const restKey = (await createApiKey(api.context, { teamId: user.teamId, permission: 'read', workspaceIds: 'all' })).key;
  await api.settle();
  const { provider, client } = await signInWithSdk(api, user);
  await client.close();
  const usage = async () => (await api.call<{ mcpRequestsUsedCount: number }>('GET', '/v1/accounts/info', { key: restKey })).body.mcpRequestsUsedCount;
  return { user, token: provider.savedTokens?.access_token as string, usage };
}

const concurrentCalls = (token: string, workspaceId: string, count: number) =>
  Promise.all(Array.from({ length: count }, (_, index) => postMcp(api, token, toolCall(index, 'list_workspace_tags', { workspaceId }))));

describe('MCP tool call quota (mcpRequestsMax)', () => {
  test('30 concurrent tool calls at a maximum of 20 give exactly 20 results and 10 HTTP 429, and count 20', async () => {
    const { user, token, usage } = await teamWithMcpLimit(20, 'twenty@acme.example');
    const answers = await concurrentCalls(token, user.workspaceId, 30);
    const statuses = answers.map(({ status }) => status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    for (const answer of answers.filter(({ status }) => status === 200)) expect(answer.body).toMatchObject({ result: { structuredContent: { items: [] } } });
    const refused = answers.find(({ status }) => status === 429);
    expect(refused?.body).toEqual({ message: expect.stringMatching(/^MCP tool call quota exhausted: 20 calls per billing period/) });
    expect(await usage()).toBe(20);
  });

  test('initialize and tools/list are not counted', async () => {
    const { token, usage } = await teamWithMcpLimit(5, 'listing@acme.example');
    for (let id = 0; id < 8; id++) expect((await postMcp(api, token, { jsonrpc: '2.0', id, method: 'tools/list' })).status).toBe(200);
    expect(await usage()).toBe(0);
  });

  test('0 disables MCP: every tool call is HTTP 403, and nothing is counted', async () => {
    const { user, token, usage } = await teamWithMcpLimit(0, 'disabled@acme.example');
    const answer = await postMcp(api, token, toolCall(1, 'list_workspace_tags', { workspaceId: user.workspaceId }));
    expect(answer).toMatchObject({ status: 403, body: { message: 'MCP is disabled for this plan' } });
    expect(await usage()).toBe(0);
  });

  test('null never refuses: 30 concurrent calls all answer, and all are counted', async () => {
    const { user, token, usage } = await teamWithMcpLimit(null, 'unlimited@acme.example');
    const answers = await concurrentCalls(token, user.workspaceId, 30);
    expect(answers.map(({ status }) => status)).toEqual(Array.from({ length: 30 }, () => 200));
    expect(await usage()).toBe(30);
  });
});
