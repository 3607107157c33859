/**
 * The access step, through REST, for every operation that declares a resource (driven from the routes, so a new
 * operation is covered as soon as it has a route): a missing resource is a 404, another team's a 403 naming
 * only what the caller sent, and a refused request writes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { apiRoutes } from '../../src/api/app.js';
import type { ResourceRef } from '../../src/app/shared/access.js';
import type { Route } from '../../src/api/http/route.js';
import { exampleRequest } from './support/exampleRequest.js';
import { seedReport, seedTeam, type SeededTeam } from './support/seed.js';
import { startTestApi, type TestApi } from './support/testApi.js';

let api: TestApi;
let team: SeededTeam;
let stranger: { workspaceId: string; reportId: string };

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
  const otherTeam = await seedTeam(api);
  stranger = { workspaceId: otherTeam.workspaceId, reportId: await seedReport(api, otherTeam.workspaceId) };
  await api.settle();
}, 60_000);
afterAll(() => api.close());

type Kind = 'reportId' | 'workspaceId';

/** The field of the input the operation's declaration reads (each names one), and what its messages call it. */
function declaredKind(route: Route): Kind {
  const ref = (route.operation.resource as (input: unknown) => ResourceRef | undefined)({ reportId: 'r', workspaceId: 'w', teamId: 't' });
  if (ref === undefined || 'teamId' in ref) throw new Error(`${route.operation.name}: no REST route should name a team`);
  return 'reportId' in ref ? 'reportId' : 'workspaceId';
}

const LABEL: Record<Kind, string> = { reportId: 'brand report', workspaceId: 'workspace' };
const MISSING: Record<Kind, string> = { reportId: 'br_0000000000000000', workspaceId: 'ws_0000000000000000' };

const declaring = apiRoutes().filter((route) => route.operation.resource !== undefined);
const cases = declaring.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const);

test('every route of an operation on a workspace or report is covered', () => {
  expect(declaring.length).toBeGreaterThanOrEqual(40);
});

describe.each(cases)('%s', (_name, route) => {
  const kind = declaredKind(route);
  const call = async (id: string, key: string) => {
    const request = exampleRequest(route, id, { [kind]: id });
    return api.call(request.method, request.path, { key, ...(request.body === undefined ? {} : { body: request.body }), ...(request.rawBody === undefined ? {} : { rawBody: request.rawBody }), ...(request.headers ? { headers: request.headers } : {}) });
  };

  test(`403 for another team's ${LABEL[kind]}, naming it and nothing else; nothing written`, async () => {
    const id = stranger[kind];
    const head = await api.context.eventStore.headPosition();
    const { status, body } = await call(id, team.writeKey);
    expect({ status, body }).toEqual({ status: 403, body: { message: `This API key has no access to ${LABEL[kind]} ${id}` } });
    expect(await api.context.eventStore.headPosition()).toBe(head);
  });

  test(`404 for a ${LABEL[kind]} that does not exist, before any 403`, async () => {
    const { status, body } = await call(MISSING[kind], team.scopedWriteKey);
    expect(status).toBe(404);
    expect((body as { message: string }).message).toContain(MISSING[kind]);
  });
});

describe('403 answers', () => {
  test('name the report the caller sent, not the workspace of another team', async () => {
    for (const path of [`/v1/reports/brand/${stranger.reportId}`, `/v1/reports/brand/${stranger.reportId}/recalculation`, `/v1/reports/brand/${stranger.reportId}/agent-analytics/agents`]) {
      const { status, body } = await api.call('GET', path, { key: team.readKey });
      expect({ status, body }).toEqual({ status: 403, body: { message: `This API key has no access to brand report ${stranger.reportId}` } });
    }
  });

  test("a key scoped to one workspace gets 403 for its own team's other workspace", async () => {
    const { status, body } = await api.call('GET', `/v1/workspaces/${team.otherWorkspaceId}/tags`, { key: team.scopedReadKey });
    expect({ status, body }).toEqual({ status: 403, body: { message: `This API key has no access to workspace ${team.otherWorkspaceId}` } });
  });
});
