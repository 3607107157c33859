import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { activeReport } from '../../src/app/agentAnalytics/connector.js';
import { ingestAgentLogs } from '../../src/app/agentAnalytics/ingest.js';
import { createBrandReport } from '../../src/app/brandReports/edit/commands.js';
import { textLogSource } from '../../src/app/demo/agentLogs.js';
import { createApiKey, createUser } from '../../src/app/credentials/credentials.js';
import { createPrompt } from '../../src/app/prompts/prompts.js';
import { importRuns } from '../../src/app/runs/import.js';
import { createTag } from '../../src/app/tags/tags.js';
import { REFERRAL_COMBINED_LOG } from '../api/agentAnalytics/referralLogs.js';
import { startTestApi, type TestApi } from '../api/support/testApi.js';
import { PASSWORD, postForm, seedUser, type SeededUser } from './auth/support/oauthClient.js';
import { postMcp, signInWithSdk, toolCall, type SignedIn } from './support/sdkClient.js';

const READ_TOOLS = [
  'list_workspaces',
  'list_workspace_tags',
  'list_workspace_prompts',
  'list_engines',
  'list_brand_reports',
  'get_brand_report',
  'get_brand_report_prompt',
  'list_brand_report_prompt_ai_responses',
  'list_brand_report_citation_prompts',
  'get_brand_report_stats',
  'list_brand_report_prompts',
  'list_brand_report_citations',
  'get_brand_report_citation_stats',
  'get_brand_report_citation_history',
  'list_brand_report_recommendations',
  'list_crawlability_checks',
  'get_crawlability_check',
  'list_content_checks',
  'get_content_check',
  'list_query_fan_outs',
  'get_query_fan_out',
  'list_brand_report_alerts',
  'list_brand_report_watches',
  'get_brand_report_referrals',
];
const WRITE_TOOLS = ['create_prompts', 'delete_prompt', 'update_prompt_tags', 'create_tag', 'delete_tag', 'create_crawlability_check', 'create_content_check', 'create_query_fan_out', 'add_brand_report_watch', 'remove_brand_report_watch', 'create_brand_report', 'delete_brand_report'];
const WINDOW = { startDate: '2026-11-01', endDate: '2026-11-02', country: 'us' };
const REFERRAL_WINDOW = { startDate: '2026-11-01', endDate: '2026-11-02' };

let api: TestApi;
let writer: SeededUser;
let reader: SeededUser;
let stranger: SeededUser;
let reportId: string;
let promptId: string;
let tagId: string;

beforeAll(async () => {
  api = await startTestApi();
  writer = await seedUser(api, 'write', 'writer@acme.example');
  reader = { ...writer, email: 'reader@acme.example', userId: '' };
  reader.userId = (await createUser(api.context, { teamId: writer.teamId, permission: 'read', workspaceIds: [writer.workspaceId], email: reader.email, password: PASSWORD })).id;
  stranger = await seedUser(api, 'write', 'stranger@globex.example');
  tagId = (await createTag(api.context, { workspaceId: writer.workspaceId, name: 'Pricing', color: 'gold' })).id;
  promptId = (await createPrompt(api.context, { workspaceId: writer.workspaceId, country: 'us', text: 'Best CRM?', tagIds: [tagId] })).id;
  reportId = (await createBrandReport(api.context, { workspaceId: writer.workspaceId, brand: 'Acme', brandDomain: 'acme.com', promptIds: [promptId], competitors: [{ brand: 'Globex', brandDomain: 'globex.com' }] })).id;
  const run = (runId: string, runDate: string, content: string) =>
    JSON.stringify({ runId, promptId, engine: 'chatgpt', runDate, content, citations: [{ title: 'Acme pricing', link: 'https://acme.com/pricing', rank: 1 }] });
  await importRuns(api.context, [run('m1', '2026-11-01T08:00:00Z', 'Acme is excellent. Globex is fine.'), run('m2', '2026-11-02T08:00:00Z', 'Globex leads.')]);
  await api.settle();
  await api.rebuild();
}, 60_000);
afterAll(() => api.close());

const structuredOf = async (client: Client, name: string, args: Record<string, unknown>) => {
  const result = await client.callTool({ name, arguments: args });
  expect({ name, isError: result.isError ?? false }).toEqual({ name, isError: false });
  expect(JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? 'null')).toEqual(result.structuredContent);
  return result.structuredContent as Record<string, unknown>;
};

describe('the MCP server, with the SDK client and its OAuth provider over real HTTP', () => {
  let session: SignedIn;

  test('a request without a token is 401 with the discovery pointer; the SDK then discovers, registers and signs in', async () => {
    const refused = await postMcp(api, undefined, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe(`Bearer error="invalid_token", resource_metadata="${api.url}/.well-known/oauth-protected-resource/mcp"`);
    const metadata = await (await fetch(`${api.url}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(metadata).toMatchObject({ resource: `${api.url}/mcp`, authorization_servers: [api.url] });

    session = await signInWithSdk(api, writer);
    expect(session.firstAttemptUnauthorized).toBe(true);
    expect(session.provider.client).toMatchObject({ client_id: expect.any(String) });
    expect(session.provider.savedTokens).toMatchObject({ token_type: 'Bearer', scope: 'read write', refresh_token: expect.any(String) });
    expect(session.client.getServerVersion()).toMatchObject({ name: 'geolens' });
  });

  test('tools/list has the 29 hosted tools, the 4 alert tools, the referrals tool and the 2 report write tools for a write token, and the 24 read tools for a read token', async () => {
    const writeTools = (await session.client.listTools()).tools;
    expect(writeTools.map(({ name }) => name).sort()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
    for (const tool of writeTools) expect({ tool: tool.name, hasDescription: (tool.description ?? '').length > 20, type: tool.inputSchema.type }).toEqual({ tool: tool.name, hasDescription: true, type: 'object' });
    const readSession = await signInWithSdk(api, reader);
    expect((await readSession.client.listTools()).tools.map(({ name }) => name).sort()).toEqual([...READ_TOOLS].sort());
    await readSession.client.close();
  });

  test('every one of the 36 tools answers structured content equal to its text, from the same operations as REST', async () => {
    const { client } = session;
    const called = new Set<string>();
    const structured = async (tool: Client, name: string, args: Record<string, unknown>) => {
      called.add(name);
      return structuredOf(tool, name, args);
    };
    const workspaces = await structured(client, 'list_workspaces', {});
    expect(workspaces).toMatchObject({ items: [expect.objectContaining({ id: writer.workspaceId })], paging: { page: 1, pageSize: 50, totalCount: 1, hasMore: false } });
    expect(await structured(client, 'list_workspace_tags', { workspaceId: writer.workspaceId })).toMatchObject({ items: [expect.objectContaining({ id: tagId, promptCount: 1 })] });
    expect(await structured(client, 'list_workspace_prompts', { workspaceId: writer.workspaceId })).toMatchObject({ items: [expect.objectContaining({ id: promptId, tagIds: [tagId], brandReportIds: [reportId] })] });
    expect(await structured(client, 'list_engines', { country: 'us' })).toMatchObject({ items: [{ country: 'us', baseEngines: ['chatgpt', 'google', 'perplexity', 'copilot'] }] });
    expect(await structured(client, 'list_brand_reports', {})).toMatchObject({ items: [expect.objectContaining({ id: reportId })], paging: { totalCount: 1 } });
    const restKey = (await createApiKey(api.context, { teamId: writer.teamId, permission: 'read', workspaceIds: 'all' })).key;
    await api.settle();
    const report = await structured(client, 'get_brand_report', { reportId });
    expect(report).toEqual((await api.call('GET', `/v1/reports/brand/${reportId}`, { key: restKey })).body);
    const detail = await structured(client, 'get_brand_report_prompt', { reportId, promptId, ...WINDOW });
    expect(detail.brandRank).toEqual([
      expect.objectContaining({ brand: 'Globex', rank: 1, mentions: 2, brandCoverage: 1 }),
      expect.objectContaining({ brand: 'Acme', rank: 2, mentions: 1, brandCoverage: 0.5 }),
    ]);
    const runs = await structured(client, 'list_brand_report_prompt_ai_responses', { reportId, promptId, ...WINDOW, pageSize: 1 });
    expect(runs).toMatchObject({ items: [expect.objectContaining({ runId: 'm2' })], paging: { page: 1, pageSize: 1, totalCount: 2, hasMore: true } });
    const second = await structured(client, 'list_brand_report_prompt_ai_responses', { reportId, promptId, ...WINDOW, pageSize: 1, page: 2 });
    expect(second).toMatchObject({ items: [expect.objectContaining({ runId: 'm1' })], paging: { hasMore: false } });
    expect(await structured(client, 'list_brand_report_citation_prompts', { reportId, url: 'https://acme.com/pricing', ...WINDOW })).toMatchObject({
      items: [{ id: promptId, prompt: 'Best CRM?', engines: ['chatgpt'], brandMentioned: 1 }],
      paging: { totalCount: 1 },
    });
    const stats = await structured(client, 'get_brand_report_stats', { reportId, ...WINDOW });
    expect(stats).toMatchObject({
      id: reportId, status: 'finished', isRecalculating: false, totalPrompts: 1, summary: { totalMentions: 3, totalSources: 2 },
      competitorBrandsAnalysis: { brandMentions: [expect.objectContaining({ brand: 'Acme', visibilityScore: expect.any(Number) }), expect.objectContaining({ brand: 'Globex' })] },
    });
    expect(stats).toEqual((await api.call('GET', `/v1/reports/brand/${reportId}/stats?startDate=${WINDOW.startDate}&endDate=${WINDOW.endDate}&country=us`, { key: restKey })).body);
    expect(await structured(client, 'list_brand_report_prompts', { reportId, ...WINDOW })).toMatchObject({
      items: [expect.objectContaining({ id: promptId, brandMentions: 1, domainMentions: 2 })],
      paging: { page: 1, pageSize: 50, totalCount: 1, hasMore: false },
    });
    expect(await structured(client, 'list_brand_report_citations', { reportId, ...WINDOW })).toMatchObject({
      items: [expect.objectContaining({ url: 'https://acme.com/pricing', citations: 2, isMyBrandDomain: true })],
      paging: { totalCount: 1 },
    });
    expect(await structured(client, 'get_brand_report_citation_stats', { reportId, ...WINDOW })).toMatchObject({ domainCitations: { current: 2, total: 2, citationShare: 1 } });
    expect(await structured(client, 'get_brand_report_citation_history', { reportId, url: 'https://acme.com/pricing', ...WINDOW })).toMatchObject({
      totalPeriodCitations: 2,
      totalCitationsPreviousPeriod: 0,
      percentageChange: null,
    });
    await ingestAgentLogs(api.services, await activeReport(api.context, reportId), { format: 'combined', source: textLogSource(REFERRAL_COMBINED_LOG) });
    const referrals = await structured(client, 'get_brand_report_referrals', { reportId, ...REFERRAL_WINDOW, engines: ['chatgpt', 'claude'] });
    expect(referrals).toMatchObject({ availability: 'connected_with_data', visits: 6, sessions: 5, landingPages: expect.arrayContaining([expect.objectContaining({ path: '/pricing', citations: 2 })]) });
    const referralQuery = `startDate=${REFERRAL_WINDOW.startDate}&endDate=${REFERRAL_WINDOW.endDate}&engines=chatgpt,claude`;
    expect(referrals).toEqual((await api.call('GET', `/v1/reports/brand/${reportId}/agent-analytics/referrals?${referralQuery}`, { key: restKey })).body);
    const recommendations = await structured(client, 'list_brand_report_recommendations', { reportId, country: 'us' });
    expect(recommendations).toMatchObject({ items: [expect.objectContaining({ engine: expect.any(String), status: 'suggested' })], paging: { page: 1 } });
    expect(recommendations.items).toEqual((await api.call<{ items: unknown[] }>('GET', `/v1/reports/brand/${reportId}/recommendations?country=us`, { key: restKey })).body.items);

    const crawlability = await structured(client, 'create_crawlability_check', { workspaceId: writer.workspaceId, url: 'https://acme.com/pricing' });
    const content = await structured(client, 'create_content_check', { workspaceId: writer.workspaceId, url: 'https://acme.com/pricing' });
    const fanOut = await structured(client, 'create_query_fan_out', { workspaceId: writer.workspaceId, query: 'best CRM for small teams' });
    for (const created of [crawlability, content, fanOut]) expect(created).toMatchObject({ workspaceId: writer.workspaceId, status: 'pending' });
    expect(await structured(client, 'get_crawlability_check', { checkId: crawlability.id, workspaceId: writer.workspaceId })).toMatchObject({ id: crawlability.id, domain: 'acme.com' });
    expect(await structured(client, 'list_crawlability_checks', { workspaceId: writer.workspaceId })).toMatchObject({ paging: { totalCount: 1 } });
    expect(await structured(client, 'get_content_check', { checkId: content.id, workspaceId: writer.workspaceId })).toMatchObject({ id: content.id, crawlerIdentity: 'ChatGPT-User' });
    expect(await structured(client, 'list_content_checks', { workspaceId: writer.workspaceId })).toMatchObject({ paging: { totalCount: 1 } });
    expect(await structured(client, 'get_query_fan_out', { fanOutId: fanOut.id, workspaceId: writer.workspaceId })).toMatchObject({ id: fanOut.id, query: 'best CRM for small teams' });
    expect(await structured(client, 'list_query_fan_outs', { workspaceId: writer.workspaceId })).toMatchObject({ paging: { totalCount: 1 } });

    const tag = await structured(client, 'create_tag', { workspaceId: writer.workspaceId, name: 'Via MCP', color: 'cyan' });
    const created = await structured(client, 'create_prompts', { workspaceId: writer.workspaceId, country: 'us', prompts: ['Asked through MCP?'], tagIds: [tag.id], brandReportIds: [reportId] });
    const newPrompt = (created.items as Array<{ id: string; tagIds: string[]; brandReportIds: string[] }>)[0];
    expect(newPrompt).toMatchObject({ tagIds: [tag.id], brandReportIds: [reportId] });
    expect(await structured(client, 'update_prompt_tags', { workspaceId: writer.workspaceId, promptId: newPrompt?.id, tagIds: [] })).toMatchObject({ id: newPrompt?.id, tagIds: [] });
    expect(await structured(client, 'delete_prompt', { workspaceId: writer.workspaceId, promptId: newPrompt?.id })).toEqual({ id: newPrompt?.id, deleted: true });
    expect(await structured(client, 'delete_tag', { workspaceId: writer.workspaceId, tagId: tag.id })).toEqual({ id: tag.id, deleted: true });
    const watch = await structured(client, 'add_brand_report_watch', { reportId, kind: 'coverage_drop', threshold: 10 });
    expect(watch).toMatchObject({ reportId, kind: 'coverage_drop', threshold: 10, engines: null });
    expect(await structured(client, 'list_brand_report_watches', { reportId })).toEqual((await api.call('GET', `/v1/reports/brand/${reportId}/watches`, { key: restKey })).body);
    expect(await structured(client, 'list_brand_report_alerts', { reportId })).toEqual({ items: [], paging: { page: 1, pageSize: 50, totalCount: 0, hasMore: false } });
    expect(await structured(client, 'remove_brand_report_watch', { reportId, watchId: watch.id })).toEqual({ id: watch.id, deleted: true });
    await api.settle();
    expect((await structured(client, 'get_brand_report', { reportId })).promptIds).toEqual([promptId]);
    const newReport = await structured(client, 'create_brand_report', { workspaceId: writer.workspaceId, brand: 'Initech', brandDomain: 'https://www.initech.com/', competitors: [{ brand: 'Acme', brandDomain: 'acme.com' }], promptIds: [promptId] });
    expect(newReport).toMatchObject({ brand: 'Initech', brandDomain: 'initech.com', promptIds: [promptId], countries: ['us'] });
    expect(newReport).toEqual((await api.call('GET', `/v1/reports/brand/${String(newReport.id)}`, { key: restKey })).body);
    expect(await structured(client, 'delete_brand_report', { reportId: newReport.id })).toEqual({ id: newReport.id, deleted: true });
    expect((await api.call('GET', `/v1/reports/brand/${String(newReport.id)}`, { key: restKey })).status).toBe(404);
    expect([...called].sort()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
  });

  test('bad arguments and unknown ids are tool errors that name the problem, not protocol failures', async () => {
    const bad = await session.client.callTool({ name: 'get_brand_report_prompt', arguments: { reportId, promptId, startDate: '2026-11-05', endDate: '2026-11-01', country: 'gb' } });
    expect(bad.isError).toBe(true);
    const text = (bad.content as Array<{ text: string }>)[0]?.text ?? '';
    expect(text).toMatch(/country/);
    expect(text).toMatch(/uk/);
    const unknown = await session.client.callTool({ name: 'get_brand_report', arguments: { reportId: 'br_missing' } });
    expect(unknown).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringMatching(/not found/) }] });
  });

  test('the token refreshes; revoked, it is answered 401', async () => {
    const { provider } = session;
    const before = provider.savedTokens;
    const client = provider.client as { client_id: string };
    const refreshed = await postForm(api, '/token', { grant_type: 'refresh_token', refresh_token: before?.refresh_token, client_id: client.client_id });
    expect(refreshed.status).toBe(200);
    const token = refreshed.body.access_token as string;
    const listed = await postMcp(api, token, { jsonrpc: '2.0', id: 7, method: 'tools/list' });
    expect(listed.status).toBe(200);
    expect((await postMcp(api, before?.access_token, { jsonrpc: '2.0', id: 8, method: 'tools/list' })).status).toBe(200);

    expect((await postForm(api, '/revoke', { token, client_id: client.client_id })).status).toBe(200);
    const revoked = await postMcp(api, token, { jsonrpc: '2.0', id: 9, method: 'tools/list' });
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  test('GET and DELETE /mcp answer 405: the server is stateless', async () => {
    expect((await fetch(`${api.url}/mcp`)).status).toBe(405);
    expect((await fetch(`${api.url}/mcp`, { method: 'DELETE' })).status).toBe(405);
  });
});

describe('what a token may not do, none of which writes anything', () => {
  test('a read token calling a write tool gets a tool error and nothing is written', async () => {
    const { client } = await signInWithSdk(api, reader);
    const head = await api.context.eventStore.headPosition();
    const refused = await client.callTool({ name: 'create_tag', arguments: { workspaceId: writer.workspaceId, name: 'Nope', color: 'red' } });
    expect(refused.isError).toBe(true);
    expect(await api.context.eventStore.headPosition()).toBe(head);
    await client.close();
  });

  test("a token of one team on another team's workspace is HTTP 403, and nothing is written", async () => {
    const { provider } = await signInWithSdk(api, stranger);
    const head = await api.context.eventStore.headPosition();
    const read = await postMcp(api, provider.savedTokens?.access_token, toolCall(1, 'get_brand_report', { reportId }));
    expect(read.status).toBe(403);
    expect(read.body).toEqual({ message: `This access token has no access to brand report ${reportId}` });
    const write = await postMcp(api, provider.savedTokens?.access_token, toolCall(2, 'create_tag', { workspaceId: writer.workspaceId, name: 'Intruder', color: 'red' }));
    expect(write.status).toBe(403);
    expect(await api.context.eventStore.headPosition()).toBe(head);
  });

  test('a REST API key on /mcp is 401', async () => {
    const key = await createApiKey(api.context, { teamId: writer.teamId, permission: 'write', workspaceIds: 'all' });
    await api.settle();
    const answer = await postMcp(api, key.key, toolCall(1, 'list_workspaces', {}));
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toContain('resource_metadata=');
  });
});
