import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createApiKey, createUser } from '../../src/app/credentials/credentials.js';
import { setTeamPlan } from '../../src/app/teams/teams.js';
import { createWorkspace } from '../../src/app/workspaces/commands.js';
import { testWorker, type TestWorker } from '../api/audits/support.js';
import { startTestApi, type TestApi } from '../api/support/testApi.js';
import { startGptBotBlockingSite, type FixtureServer } from '../support/fixtureSites/index.js';
import { PASSWORD, seedUser, type SeededUser } from './auth/support/oauthClient.js';
import { signInWithSdk } from './support/sdkClient.js';

let api: TestApi;
let worker: TestWorker;
let site: FixtureServer;
let writer: SeededUser;
let client: Client;
let restKey: string;
let otherWorkspaceId: string;

beforeAll(async () => {
  [api, site] = await Promise.all([startTestApi(), startGptBotBlockingSite()]);
  worker = testWorker(api);
  const seeded = await seedUser(api, 'write', 'first@acme.example');
  otherWorkspaceId = (await createWorkspace(api.context, { teamId: seeded.teamId, name: 'Other' })).id;
  // A user of every workspace of the team, so that a tool can name the other one.
  const email = 'auditor@acme.example';
  const user = await createUser(api.context, { teamId: seeded.teamId, permission: 'write', workspaceIds: 'all', email, password: PASSWORD });
  writer = { ...seeded, email, userId: user.id };
  restKey = (await createApiKey(api.context, { teamId: writer.teamId, permission: 'read', workspaceIds: 'all' })).key;
  await api.settle();
  ({ client } = await signInWithSdk(api, writer));
}, 60_000);
afterAll(async () => {
  await client.close();
  await worker.close();
  await Promise.all([api.close(), site.close()]);
});

async function structured(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await client.callTool({ name, arguments: args });
  expect({ name, isError: result.isError ?? false }).toEqual({ name, isError: false });
  expect(JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? 'null')).toEqual(result.structuredContent);
  return result.structuredContent as Record<string, unknown>;
}

async function toolError(name: string, args: Record<string, unknown>): Promise<string> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError).toBe(true);
  return (result.content as Array<{ text: string }>)[0]?.text ?? '';
}

const rest = async (path: string) => (await api.call('GET', path, { key: restKey })).body;

describe('the GEO audit and fan-out tools', () => {
  test('create, then poll get until completed: the same checks and runs as their REST twins', async () => {
    const { workspaceId } = writer;
    const crawlability = await structured('create_crawlability_check', { workspaceId, url: `${site.origin}/blog/post` });
    expect(crawlability).toMatchObject({ workspaceId, status: 'pending' });
    const content = await structured('create_content_check', { workspaceId, url: `${site.origin}/blog/post`, crawlerIdentity: 'OAI-SearchBot', sendServiceHeader: true });
    const fanOut = await structured('create_query_fan_out', { workspaceId, query: 'best CRM for agencies', engines: ['chatgpt'] });
    expect(fanOut).toMatchObject({ workspaceId, query: 'best CRM for agencies', status: 'pending' });
    expect(await structured('get_content_check', { checkId: content.id, workspaceId })).toMatchObject({ status: 'pending', crawlerIdentity: 'OAI-SearchBot', sendServiceHeader: true });

    await worker.runAll();
    const check = await structured('get_crawlability_check', { checkId: crawlability.id, workspaceId });
    expect(check).toMatchObject({ status: 'completed', robotsTxtAnalysis: expect.objectContaining({ GPTBot: false }) });
    expect(check).toEqual(await rest(`/v1/audits/geo/crawlability-checks/${String(crawlability.id)}`));
    const run = await structured('get_query_fan_out', { fanOutId: fanOut.id, workspaceId });
    expect(run).toMatchObject({ status: 'completed', engines: [expect.objectContaining({ engine: 'chatgpt', simulated: true })] });
    expect(run).toEqual(await rest(`/v1/audits/query-fan-outs/${String(fanOut.id)}`));
  }, 60_000);

  test('list tools page by number, newest first, in the workspace named', async () => {
    const { workspaceId } = writer;
    for (const index of [1, 2, 3]) {
      api.clock.now = new Date(api.clock.now.getTime() + 1000);
      await structured('create_query_fan_out', { workspaceId, query: `query ${index}` });
    }
    await structured('create_query_fan_out', { workspaceId: otherWorkspaceId, query: 'elsewhere' });
    const page = await structured('list_query_fan_outs', { workspaceId, pageSize: 2 });
    expect(page).toMatchObject({ items: [expect.objectContaining({ query: 'query 3' }), expect.objectContaining({ query: 'query 2' })], paging: { page: 1, pageSize: 2, totalCount: 4, hasMore: true } });
    const last = await structured('list_query_fan_outs', { workspaceId, pageSize: 2, page: 2 });
    expect(last).toMatchObject({ paging: { page: 2, totalCount: 4, hasMore: false } });
    expect((await structured('list_crawlability_checks', { workspaceId })).paging).toMatchObject({ totalCount: 1 });
    expect((await structured('list_content_checks', { workspaceId: otherWorkspaceId })).items).toEqual([]);
  });

  test('workspaceId is required by the list and get tools; an id of another workspace is not found', async () => {
    expect(await toolError('list_crawlability_checks', {})).toMatch(/workspaceId/);
    const elsewhere = await structured('create_query_fan_out', { workspaceId: otherWorkspaceId, query: 'crm' });
    expect(await toolError('get_query_fan_out', { fanOutId: elsewhere.id })).toMatch(/workspaceId/);
    expect(await toolError('get_query_fan_out', { fanOutId: elsewhere.id, workspaceId: writer.workspaceId })).toMatch(/not found/);
    expect(await toolError('get_crawlability_check', { checkId: 'cr_missing', workspaceId: writer.workspaceId })).toMatch(/not found/);
  });

  test('a creation past geoAuditMaxCount is a tool error and creates nothing', async () => {
    await setTeamPlan(api.context, { teamId: writer.teamId, plan: 'trial', geoAuditsMax: 1 });
    await api.settle();
    const head = await api.context.eventStore.headPosition();
    expect(await toolError('create_crawlability_check', { workspaceId: writer.workspaceId, url: 'https://example.com/' })).toMatch(/GEO audit quota exhausted/);
    expect(await api.context.eventStore.headPosition()).toBe(head);
  });
});
