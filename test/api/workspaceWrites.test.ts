import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { setTeamPlan } from '../../src/app/teams/teams.js';
import { seedReport, seedTeam, type SeededTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

interface Tag {
  id: string;
  workspaceId: string;
  name: string;
  color: string;
  promptCount: number;
  createdDate: string;
}
interface Prompt {
  id: string;
  prompt: string;
  country: string;
  intentVolume: number | null;
  tagIds: string[];
  tags: Array<{ id: string }>;
  brandReportIds: string[];
}

let api: TestApi;
let team: SeededTeam;

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
});
afterAll(() => api.close());

const tagsPath = (workspaceId = team.workspaceId) => `/v1/workspaces/${workspaceId}/tags`;
const promptsPath = (workspaceId = team.workspaceId) => `/v1/workspaces/${workspaceId}/prompts`;

async function createTag(name: string, color = 'blue', key = team.writeKey) {
  return api.call<Tag>('POST', tagsPath(), { key, body: { name, color } });
}

async function allPrompts(workspaceId: string, key: string): Promise<Prompt[]> {
  const prompts: Prompt[] = [];
  for (let cursor: string | null = ''; cursor !== null; ) {
    const page: { status: number; body: { items: Prompt[]; paging: { nextCursor: string | null } } } = await api.call(
      'GET', `${promptsPath(workspaceId)}${cursor ? `?cursor=${cursor}` : ''}`, { key });
    prompts.push(...page.body.items);
    cursor = page.body.paging.nextCursor;
  }
  return prompts;
}

describe('tags', () => {
  test('a tag is created (201) and listed, oldest first, with the count of prompts carrying it', async () => {
    const fresh = await seedTeam(api);
    const first = await api.call<Tag>('POST', tagsPath(fresh.workspaceId), { key: fresh.writeKey, body: { name: ' Pricing ', color: 'gold' } });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.stringMatching(/^tg_/), workspaceId: fresh.workspaceId, name: 'Pricing', color: 'gold', promptCount: 0, createdDate: expect.any(String) });
    api.clock.now = new Date(api.clock.now.getTime() + 1000);
    const second = await api.call<Tag>('POST', tagsPath(fresh.workspaceId), { key: fresh.writeKey, body: { name: 'Comparison', color: 'geekblue' } });
    await api.call('POST', promptsPath(fresh.workspaceId), { key: fresh.writeKey, body: { country: 'us', prompts: ['A?', 'B?'], tagIds: [first.body.id] } });

    const { status, body } = await api.call<{ items: Tag[] }>('GET', tagsPath(fresh.workspaceId), { key: fresh.readKey });
    expect(status).toBe(200);
    expect(body.items.map(({ id, promptCount }) => [id, promptCount])).toEqual([[first.body.id, 2], [second.body.id, 0]]);
  });

  test('a hex color (#rrggbb or #rgb) is accepted and answered lowercase, as clients of the real API send it', async () => {
    const hex = await createTag('Hex blue', '#0EA5E9');
    expect(hex.status).toBe(201);
    expect(hex.body.color).toBe('#0ea5e9');
    expect((await createTag('Short hex', '#fc0')).body.color).toBe('#fc0');
    const { body } = await api.call<{ items: Tag[] }>('GET', tagsPath(), { key: team.readKey });
    expect(body.items.find(({ id }) => id === hex.body.id)?.color).toBe('#0ea5e9');
  });

  test.each([
    ['an unknown color', { name: 'X', color: 'pink' }, 'color', 'invalid_value'],
    ['a hex color of 5 digits', { name: 'X', color: '#0ea5e' }, 'color', 'invalid_value'],
    ['an empty name', { name: '  ', color: 'blue' }, 'name', 'too_small'],
    ['a name of 101 characters', { name: 'n'.repeat(101), color: 'blue' }, 'name', 'too_big'],
    ['an unknown field', { name: 'X', color: 'blue', description: 'no' }, 'description', 'unrecognized_keys'],
  ])('400 for %s, and nothing is created', async (_case, body, path, code) => {
    const head = await api.context.eventStore.headPosition();
    const answer = await api.call('POST', tagsPath(), { key: team.writeKey, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ target: 'body', errors: [expect.objectContaining({ path, code })] });
    expect(await api.context.eventStore.headPosition()).toBe(head);
  });

  test('a name already used in the workspace, in any case, is a 400; another workspace may use it', async () => {
    expect((await createTag('Buying intent')).status).toBe(201);
    const again = await createTag('BUYING INTENT');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ errors: [{ path: 'name', code: 'custom', message: expect.stringContaining('already exists') }] });
    const elsewhere = await api.call('POST', tagsPath(team.otherWorkspaceId), { key: team.writeKey, body: { name: 'Buying intent', color: 'red' } });
    expect(elsewhere.status).toBe(201);
  });

  test('a deleted tag (204) disappears at once, leaves its prompts, and its name can be used again', async () => {
    const tag = (await createTag('Ephemeral')).body;
    const created = await api.call<{ items: Prompt[] }>('POST', promptsPath(), { key: team.writeKey, body: { country: 'us', prompts: ['Tagged?'], tagIds: [tag.id] } });
    const promptId = created.body.items[0]?.id as string;

    const deleted = await api.call('DELETE', `${tagsPath()}/${tag.id}`, { key: team.writeKey });
    expect(deleted).toMatchObject({ status: 204, body: '' });
    const listed = await api.call<{ items: Tag[] }>('GET', tagsPath(), { key: team.readKey });
    expect(listed.body.items.map(({ id }) => id)).not.toContain(tag.id);
    await api.settle();
    const prompt = (await allPrompts(team.workspaceId, team.readKey)).find(({ id }) => id === promptId);
    expect(prompt).toMatchObject({ tagIds: [], tags: [] });
    const promptEvents = await api.context.eventStore.readStream(`prompt-${promptId}`);
    expect(promptEvents.map(({ type, data }) => [type, (data as { tagIds?: string[] }).tagIds])).toEqual([['PromptCreated', [tag.id]], ['PromptTagsReplaced', []]]);
    expect((await createTag('ephemeral')).status).toBe(201);
  });

  test('404 for an unknown tag, 403 with a read key, and the read key changes nothing', async () => {
    expect((await api.call('DELETE', `${tagsPath()}/tg_missing`, { key: team.writeKey })).status).toBe(404);
    const head = await api.context.eventStore.headPosition();
    const refused = await createTag('Read only', 'blue', team.readKey);
    expect(refused).toMatchObject({ status: 403, body: { message: 'This API key has read permission only; this operation needs write' } });
    expect(await api.context.eventStore.headPosition()).toBe(head);
  });
});

describe('creating prompts', () => {
  test('up to 5 prompts are created at once (201) and returned with ids, strings and objects mixed', async () => {
    const tag = (await createTag('Batch one')).body;
    const reportId = await seedReport(api, team.workspaceId, { brand: 'Batchco' });
    await api.settle();
    const { status, body } = await api.call<{ items: Prompt[] }>('POST', promptsPath(), {
      key: team.writeKey,
      body: { country: 'uk', prompts: ['Best CRM?', { text: 'Cheapest CRM?', intentVolume: 320 }], tagIds: [tag.id], brandReportIds: [reportId] },
    });
    expect(status).toBe(201);
    expect(body.items).toEqual([
      expect.objectContaining({ prompt: 'Best CRM?', country: 'uk', intentVolume: null, tagIds: [tag.id], brandReportIds: [reportId] }),
      expect.objectContaining({ prompt: 'Cheapest CRM?', country: 'uk', intentVolume: 320, tagIds: [tag.id], brandReportIds: [reportId] }),
    ]);
    const report = await api.call<{ promptIds: string[] }>('GET', `/v1/reports/brand/${reportId}`, { key: team.readKey });
    expect(report.body.promptIds).toEqual(body.items.map(({ id }) => id));
  });

  test('a larger batch answers 202 with a processing summary; every prompt appears once', async () => {
    const fresh = await seedTeam(api);
    const texts = Array.from({ length: 12 }, (_, index) => `Question ${index}?`);
    const { status, body } = await api.call('POST', promptsPath(fresh.workspaceId), { key: fresh.writeKey, body: { country: 'us', prompts: texts } });
    expect(status).toBe(202);
    expect(body).toEqual({ status: 'processing', batchId: expect.stringMatching(/^pb_/), total: 12 });
    await api.settle();
    const listed = await allPrompts(fresh.workspaceId, fresh.readKey);
    expect(listed.map(({ prompt }) => prompt).sort()).toEqual([...texts].sort());
  });

  test('a batch that does not fit in the remaining allocation is a 429 and creates nothing', async () => {
    const small = await seedTeam(api);
    await setTeamPlan(api.context, { teamId: small.teamId, plan: 'standard', promptsMax: 5 });
    await api.settle();
    const head = await api.context.eventStore.headPosition();
    const refused = await api.call('POST', promptsPath(small.workspaceId), { key: small.writeKey, body: { country: 'us', prompts: ['1', '2', '3', '4', '5', '6'].map((n) => `Q${n}?`) } });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Prompt quota exhausted: 0 of 5 prompts in use, 5 left, 6 requested' });
    expect(await api.context.eventStore.headPosition()).toBe(head);
    expect(await allPrompts(small.workspaceId, small.readKey)).toEqual([]);
    expect((await api.call('POST', promptsPath(small.workspaceId), { key: small.writeKey, body: { country: 'us', prompts: ['1', '2', '3', '4', '5'] } })).status).toBe(201);
  });

  test.each([
    ['an unknown tag', { tagIds: ['tg_nope'] }, 'tagIds.0'],
    ['a report of another workspace', { brandReportIds: ['REPORT_ELSEWHERE'] }, 'brandReportIds.0'],
    ['a text over 1000 characters', { prompts: ['ok?', 'q'.repeat(1001)] }, 'prompts.1'],
    ['gb instead of uk', { country: 'gb' }, 'country'],
    ['an empty list', { prompts: [] }, 'prompts'],
  ])('400 for %s, and nothing is created', async (_case, change, path) => {
    const elsewhere = await seedReport(api, team.otherWorkspaceId, { brand: 'Elsewhere' });
    const body = JSON.parse(JSON.stringify({ country: 'us', prompts: ['Fine?'], ...change }).replace('REPORT_ELSEWHERE', elsewhere));
    const head = await api.context.eventStore.headPosition();
    const answer = await api.call('POST', promptsPath(), { key: team.writeKey, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ target: 'body', errors: [expect.objectContaining({ path: expect.stringMatching(new RegExp(`^${path.replace('.', '\\.')}`)) })] });
    expect(await api.context.eventStore.headPosition()).toBe(head);
  });
});

describe('changing and deleting a prompt', () => {
  test('PATCH replaces the tags and answers the prompt; [] removes all', async () => {
    const [first, second] = [(await createTag('First')).body, (await createTag('Second')).body];
    const created = await api.call<{ items: Prompt[] }>('POST', promptsPath(), { key: team.writeKey, body: { country: 'us', prompts: ['Retag me?'], tagIds: [first.id] } });
    const path = `${promptsPath()}/${created.body.items[0]?.id}`;
    const replaced = await api.call<Prompt>('PATCH', path, { key: team.writeKey, body: { tagIds: [second.id] } });
    expect(replaced).toMatchObject({ status: 200, body: { tagIds: [second.id], tags: [expect.objectContaining({ id: second.id })] } });
    expect((await api.call<Prompt>('PATCH', path, { key: team.writeKey, body: { tagIds: [] } })).body.tagIds).toEqual([]);
  });

  test.each([['text', { text: 'New text' }], ['country', { country: 'de' }]])('PATCH of %s is a 400: it is immutable', async (field, body) => {
    const created = await api.call<{ items: Prompt[] }>('POST', promptsPath(), { key: team.writeKey, body: { country: 'us', prompts: ['Fixed?'] } });
    const answer = await api.call('PATCH', `${promptsPath()}/${created.body.items[0]?.id}`, { key: team.writeKey, body: { tagIds: [], ...body } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ target: 'body', errors: [{ path: field, code: 'unrecognized_keys' }] });
  });

  test('a deleted prompt (204) frees its slot, leaves its reports, which recalculate, and answers 404 wherever named', async () => {
    const tight = await seedTeam(api);
    await setTeamPlan(api.context, { teamId: tight.teamId, plan: 'standard', promptsMax: 2 });
    const created = await api.call<{ items: Prompt[] }>('POST', promptsPath(tight.workspaceId), { key: tight.writeKey, body: { country: 'us', prompts: ['Keep?', 'Drop?'] } });
    const [kept, dropped] = created.body.items.map(({ id }) => id) as [string, string];
    const reportId = await seedReport(api, tight.workspaceId, { brand: 'Dropco', promptIds: [kept, dropped] });
    await api.settle();
    await api.rebuild();

    const deleted = await api.call('DELETE', `${promptsPath(tight.workspaceId)}/${dropped}`, { key: tight.writeKey });
    expect(deleted.status).toBe(204);
    const window = 'startDate=2026-11-01&endDate=2026-11-02&country=us';
    expect((await api.call('GET', `/v1/reports/brand/${reportId}/prompts/${dropped}?${window}`, { key: tight.readKey })).status).toBe(404);
    expect((await api.call('PATCH', `${promptsPath(tight.workspaceId)}/${dropped}`, { key: tight.writeKey, body: { tagIds: [] } })).status).toBe(404);
    expect((await api.call('DELETE', `${promptsPath(tight.workspaceId)}/${dropped}`, { key: tight.writeKey })).status).toBe(404);
    const account = await api.call<{ promptsUsedCount: number }>('GET', '/v1/accounts/info', { key: tight.readKey });
    expect(account.body.promptsUsedCount).toBe(1);
    expect((await api.call('POST', promptsPath(tight.workspaceId), { key: tight.writeKey, body: { country: 'us', prompts: ['Fits again?'] } })).status).toBe(201);

    await api.settle();
    const report = await api.call<{ promptIds: string[] }>('GET', `/v1/reports/brand/${reportId}`, { key: tight.readKey });
    expect(report.body.promptIds).toEqual([kept]);
    const recalculation = await api.call<{ version: number; state: string }>('GET', `/v1/reports/brand/${reportId}/recalculation`, { key: tight.readKey });
    expect(recalculation.body).toMatchObject({ version: 2, state: 'running' });
    await api.rebuild();
    expect((await api.call('GET', `/v1/reports/brand/${reportId}/recalculation`, { key: tight.readKey })).body).toMatchObject({ version: 2, state: 'finished' });
  });

  test('a read key cannot delete (403), and a prompt of another workspace is not found there', async () => {
    const created = await api.call<{ items: Prompt[] }>('POST', promptsPath(), { key: team.writeKey, body: { country: 'us', prompts: ['Mine?'] } });
    const promptId = created.body.items[0]?.id as string;
    expect((await api.call('DELETE', `${promptsPath()}/${promptId}`, { key: team.readKey })).status).toBe(403);
    expect((await api.call('DELETE', `${promptsPath(team.otherWorkspaceId)}/${promptId}`, { key: team.writeKey })).status).toBe(404);
    expect((await api.call('DELETE', `${promptsPath()}/${promptId}`, { key: team.scopedWriteKey })).status).toBe(204);
  });
});
