import { describe, expect, test } from '@jest/globals';
import { z } from 'zod';
import { byTeam, checkAccess, type ResourceLookup } from '../../../src/app/shared/access.js';
import { defineOperation } from '../../../src/app/shared/operation.js';
import type { Services } from '../../../src/app/shared/services.js';
import { OPERATOR, type Principal } from '../../../src/app/shared/principal.js';
import { ForbiddenError, NotFoundError } from '../../../src/domain/shared/errors.js';
import type { ActiveTeam } from '../../../src/domain/team/events.js';

const ACME = { workspaceId: 'ws_acme', teamId: 'tm_acme' };
const ACME_OTHER = { workspaceId: 'ws_acme2', teamId: 'tm_acme' };
const GLOBEX = { workspaceId: 'ws_globex', teamId: 'tm_globex' };
const REPORTS: Record<string, { workspaceId: string; teamId: string }> = { br_acme: ACME, br_acme2: ACME_OTHER, br_globex: GLOBEX };
const team = (teamId: string) => ({ status: 'active', teamId }) as unknown as ActiveTeam;

/** Lookups over fixed data that count their calls. */
function lookupOf(): ResourceLookup & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    workspace: async (id) => (calls.push(`workspace ${id}`), [ACME, ACME_OTHER, GLOBEX].find(({ workspaceId }) => workspaceId === id) ?? null),
    report: async (id) => (calls.push(`report ${id}`), REPORTS[id] ?? null),
    team: async (id) => (calls.push(`team ${id}`), ['tm_acme', 'tm_globex'].includes(id) ? team(id) : null),
  };
}

const key = (workspaceIds: string[] | 'all'): Principal => ({ kind: 'apiKey', teamId: 'tm_acme', credentialId: 'key_1', permission: 'read', workspaceIds });
const token: Principal = { kind: 'accessToken', teamId: 'tm_acme', credentialId: 'tok_1', permission: 'write', workspaceIds: 'all' };

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('checkAccess', () => {
  test.each([
    ['a report', { reportId: 'br_acme' }, ACME],
    ['a workspace', { workspaceId: 'ws_acme' }, ACME],
    ['a team', { teamId: 'tm_acme' }, team('tm_acme')],
  ])('answers %s of the caller’s team as found', async (_kind, ref, expected) => {
    expect(await checkAccess(ref, key('all'), lookupOf())).toEqual(expected);
  });

  test.each([
    [{ reportId: 'br_nope' }, 'Brand report br_nope not found', 'reportId'],
    [{ workspaceId: 'ws_nope' }, 'Workspace ws_nope not found', 'workspaceId'],
    [{ teamId: 'tm_nope' }, 'Team tm_nope not found', 'teamId'],
  ])('404 for %j that does not exist, naming its field, for the operator too', async (ref, message, field) => {
    for (const principal of [key('all'), OPERATOR]) {
      const error = await refusal(checkAccess(ref, principal, lookupOf()));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ message, field });
    }
  });

  test.each([
    [{ reportId: 'br_globex' }, 'This API key has no access to brand report br_globex'],
    [{ workspaceId: 'ws_globex' }, 'This API key has no access to workspace ws_globex'],
    [{ teamId: 'tm_globex' }, 'This API key has no access to team tm_globex'],
  ])('403 for %j of another team, naming only what the caller sent', async (ref, message) => {
    const error = await refusal(checkAccess(ref, key('all'), lookupOf()));
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error).toMatchObject({ message });
  });

  test('the message of another team’s report names the report, never its workspace', async () => {
    const error = await refusal(checkAccess({ reportId: 'br_globex' }, key('all'), lookupOf()));
    expect((error as Error).message).not.toContain(GLOBEX.workspaceId);
    expect((error as Error).message).not.toContain(GLOBEX.teamId);
  });

  test('403 for a report or workspace of the caller’s team outside the credential’s workspaces', async () => {
    const scoped = key([ACME.workspaceId]);
    expect(await checkAccess({ reportId: 'br_acme' }, scoped, lookupOf())).toEqual(ACME);
    await expect(checkAccess({ reportId: 'br_acme2' }, scoped, lookupOf())).rejects.toThrow('This API key has no access to brand report br_acme2');
    await expect(checkAccess({ workspaceId: 'ws_acme2' }, scoped, lookupOf())).rejects.toThrow('This API key has no access to workspace ws_acme2');
  });

  test('names the kind of credential: an access token, a user', async () => {
    await expect(checkAccess({ workspaceId: 'ws_globex' }, token, lookupOf())).rejects.toThrow('This access token has no access to workspace ws_globex');
    await expect(checkAccess({ workspaceId: 'ws_globex' }, { ...token, kind: 'session' }, lookupOf())).rejects.toThrow('This user has no access to workspace ws_globex');
  });

  test('the operator passes for every team', async () => {
    const lookup = lookupOf();
    expect(await checkAccess({ reportId: 'br_globex' }, OPERATOR, lookup)).toEqual(GLOBEX);
    expect(await checkAccess({ workspaceId: 'ws_globex' }, OPERATOR, lookup)).toEqual(GLOBEX);
    expect(await checkAccess({ teamId: 'tm_globex' }, OPERATOR, lookup)).toEqual(team('tm_globex'));
  });

  test('looks up only the kind the operation declared, once', async () => {
    const lookup = lookupOf();
    await checkAccess({ reportId: 'br_acme' }, key('all'), lookup);
    expect(lookup.calls).toEqual(['report br_acme']);
  });
});

describe('an operation that declares its resource', () => {
  /** Only the team stream exists: what an operation of `write` access reads its team from. */
  const deps = (teams: string[]) =>
    ({
      eventStore: {
        readStream: async (stream: string) =>
          teams.filter((teamId) => stream.endsWith(teamId)).map((teamId) => ({ type: 'TeamCreated', data: { teamId, name: 'Acme', plan: 'standard', limits: {}, createdDate: '2026-01-01T00:00:00.000Z' } })),
      },
    }) as unknown as Services;
  const handled: unknown[] = [];
  const operation = defineOperation({
    name: 'touchTeam',
    summary: 'Touch a team',
    tag: 'Test',
    access: 'write',
    input: z.object({ teamId: z.string() }),
    output: z.object({ teamId: z.string() }),
    resource: byTeam,
    handler: async (_input, { resource }) => (handled.push(resource), { teamId: resource.teamId }),
    list: { pagingFields: [], item: z.string(), window: async (_input, { resource }) => ({ items: [resource.teamId], totalCount: 1 }) },
  });
  const writeKey: Principal = { kind: 'apiKey', teamId: 'tm_acme', credentialId: 'key_1', permission: 'write', workspaceIds: 'all' };
  const context = (principal: Principal, teams: string[]) => ({
    principal,
    deps: deps(teams),
    get log(): never {
      throw new Error('the logger is made only when the handler logs');
    },
  });

  test('hands the handler and the list the resource it found', async () => {
    expect(await operation.run({ teamId: 'tm_acme' }, context(writeKey, ['tm_acme']))).toEqual({ teamId: 'tm_acme' });
    expect(handled).toEqual([expect.objectContaining({ status: 'active', teamId: 'tm_acme' })]);
    expect(await operation.list?.window({ teamId: 'tm_acme' }, context(writeKey, ['tm_acme']), { offset: 0, limit: 1 })).toEqual({ items: ['tm_acme'], totalCount: 1 });
  });

  test.each([
    ['run', (teamId: string, principal: Principal, teams: string[]) => operation.run({ teamId }, context(principal, teams))],
    ['runValidated', (teamId: string, principal: Principal, teams: string[]) => operation.runValidated({ teamId }, context(principal, teams))],
    ['the list window', (teamId: string, principal: Principal, teams: string[]) => operation.list?.window({ teamId }, context(principal, teams), { offset: 0, limit: 1 })],
  ])('%s answers 404, then 403, before the handler runs', async (_path, call) => {
    handled.length = 0;
    await expect(call('tm_nope', writeKey, ['tm_acme'])).rejects.toThrow('Team tm_nope not found');
    await expect(call('tm_globex', writeKey, ['tm_acme', 'tm_globex'])).rejects.toThrow('This API key has no access to team tm_globex');
    expect(handled).toEqual([]);
  });

  test('a public operation cannot declare one', () => {
    expect(() =>
      defineOperation({ name: 'open', summary: 'Open', tag: 'Test', access: 'public', input: z.object({ teamId: z.string() }), output: z.object({}), resource: byTeam, handler: async () => ({}) }),
    ).toThrow('open: a public operation has no caller');
  });
});
