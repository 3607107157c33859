import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/infra/eventStore/sqliteEventStore.js';
import { runGeolens, type CliResult } from '../support/cli.js';

let dataDir: string;

const geolens = (...args: string[]): Promise<CliResult> => runGeolens(dataDir, ...args);

async function json(...args: string[]): Promise<Record<string, unknown>> {
  const result = await geolens(...args, '--json');
  expect(result).toMatchObject({ status: 0, stderr: '' });
  expect(result.stdout.trim().split('\n')).toHaveLength(1);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

async function headPosition(): Promise<bigint> {
  const store = new SqliteEventStore(dataDir);
  try {
    return await store.headPosition();
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-cli-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('geolens CLI', () => {
  let teamId: string;
  let workspaceId: string;

  test('creating a team, a workspace, a tag, a prompt and a report prints one JSON object each with the new id', async () => {
    teamId = String((await json('team', 'create', '--name', 'Acme agency', '--plan', 'lite')).id);
    workspaceId = String((await json('workspace', 'create', '--team', teamId, '--name', 'Acme')).id);
    const tagId = String((await json('tag', 'create', '--workspace', workspaceId, '--name', 'Comparison', '--color', 'blue')).id);
    const promptId = String(
      (await json('prompt', 'create', '--workspace', workspaceId, '--country', 'uk', '--text', 'Best CRM?', '--tag', tagId, '--intent-volume', '300')).id,
    );
    const report = await json(
      'report', 'create', '--workspace', workspaceId, '--brand', 'Acme', '--domain', 'https://www.acme.com/',
      '--prompt', promptId, '--competitor', 'Globex Corp=globex.com',
    );
    expect([teamId, workspaceId, tagId, promptId, report.id]).toEqual([
      expect.stringMatching(/^tm_/), expect.stringMatching(/^ws_/), expect.stringMatching(/^tg_/),
      expect.stringMatching(/^pr_/), expect.stringMatching(/^br_/),
    ]);
  }, 60_000);

  test('a key is printed once in the glk_live_ format and can be revoked, but not twice', async () => {
    const created = await json('key', 'create', '--team', teamId, '--permission', 'read', '--workspace', workspaceId);
    expect(created.key).toEqual(expect.stringMatching(/^glk_live_[0-9A-Za-z]{40,}$/));
    expect(await json('key', 'revoke', '--key-id', String(created.id))).toEqual({ id: created.id });
    const again = await geolens('key', 'revoke', '--key-id', String(created.id));
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/already revoked/);
  }, 30_000);

  /** Each command exits with status 2, prints nothing on stdout and one stderr line matching its message. */
  async function expectRefused(cases: Array<[string[], RegExp]>): Promise<void> {
    for (const [args, message] of cases) {
      const result = await geolens(...args, '--json');
      expect({ args, status: result.status, stdout: result.stdout }).toEqual({ args, status: 2, stdout: '' });
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(message);
    }
  }

  test('bad input exits with status 2, one stderr line naming the flag, and writes nothing', async () => {
    const before = await headPosition();
    const cases: Array<[string[], RegExp]> = [
      [['prompt', 'create', '--workspace', workspaceId, '--country', 'gb', '--text', 'Hi'], /^error: --country: .*uk/],
      [['team', 'set-plan', '--team', teamId, '--plan', 'custom', '--prompts-max', '-5'], /^error: --prompts-max: /],
      [['tag', 'create', '--workspace', workspaceId, '--name', 'X', '--color', 'plaid'], /^error: --color: /],
      [['report', 'create', '--workspace', workspaceId, '--brand', 'B', '--domain', 'b.com', '--competitor', 'nodomain'], /^error: --competitor: /],
      [['workspace', 'create', '--team', 'tm_missing', '--name', 'W'], /^error: --team: Team tm_missing not found/],
      [['team', 'create'], /^error: required option '--name <name>'/],
      [['report', 'create', '--workspace', workspaceId, '--brand', 'B', '--domain', 'not a domain'], /^error: --domain: /],
      [['report', 'create', '--workspace', workspaceId, '--brand', 'B', '--domain', 'b.com', '--prompt', 'pr_missing'], /^error: --prompt \(promptIds.0\): /],
    ];
    await expectRefused(cases);
    expect(await headPosition()).toBe(before);
  }, 120_000);

  test('a nested field that fails names the flag that gave it, whichever command it is', async () => {
    const before = await headPosition();
    const prompt = ['prompt', 'create', '--workspace', workspaceId, '--country', 'us'];
    const cases: Array<[string[], RegExp]> = [
      [[...prompt, '--text', 'Best CRM?', '--intent-volume', 'lots'], /^error: --intent-volume \(prompts\.0\.intentVolume\): .*expected number/],
      [[...prompt, '--text', 'Best CRM?', '--intent-volume', '-3'], /^error: --intent-volume \(prompts\.0\.intentVolume\): Too small/],
      [[...prompt, '--text', ' ', '--intent-volume', '10'], /^error: --text \(prompts\.0\.text\): Too small/],
      [[...prompt, '--text', ' '], /^error: --text \(prompts\.0\): Too small/],
      [['report', 'create', '--workspace', workspaceId, '--brand', 'B', '--domain', 'b.com', '--competitor', 'Globex=not a domain'], /^error: --competitor \(competitors\.0\.brandDomain\): /],
      [['fanout', '--workspace', workspaceId, '--query', 'best CRM', '--engine', 'chatgpt', '--engine', 'bing'], /^error: --engine \(engines\.1\): /],
      [['key', 'create', '--team', teamId, '--permission', 'read', '--workspace', workspaceId, '--workspace', ''], /^error: --workspace \(workspaceIds\.1\): /],
    ];
    await expectRefused(cases);
    expect(await headPosition()).toBe(before);
  }, 120_000);

  test('demo prints the ids, two keys and a user in one JSON object', async () => {
    const demo = await json('demo');
    expect(demo).toEqual({
      teamId: expect.stringMatching(/^tm_/),
      workspaceId: expect.stringMatching(/^ws_/),
      reportId: expect.stringMatching(/^br_/),
      readKey: expect.stringMatching(/^glk_live_/),
      writeKey: expect.stringMatching(/^glk_live_/),
      user: { email: expect.stringMatching(/@example\.com$/), password: expect.any(String) },
    });
  }, 30_000);
});
