import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { seedReport, seedTeam, type SeededTeam } from '../support/seed.js';
import { startTestApi, type TestApi } from '../support/testApi.js';
import { shareLinks, sharePath, type CreatedLink } from '../shareLinks/fixture.js';
import { GIF, jpegHeader, png, SVG } from './images.js';

let api: TestApi;
let team: SeededTeam;
let reportId: string;

interface Branding {
  id: string;
  branding: { name: string | null; accentColor: string | null; logo: { contentType: string; width: number; height: number } | null };
}

const workspace = () => `/v1/workspaces/${team.workspaceId}`;
const logoPath = () => `${workspace()}/branding/logo`;

async function upload(bytes: Buffer, contentType: string, key = team.writeKey): Promise<{ status: number; body: unknown }> {
  const answer = await fetch(`${api.url}${logoPath()}`, { method: 'PUT', headers: { authorization: `Bearer ${key}`, 'content-type': contentType }, body: bytes });
  return { status: answer.status, body: await answer.json() };
}

beforeAll(async () => {
  api = await startTestApi();
  team = await seedTeam(api);
  reportId = await seedReport(api, team.workspaceId);
  await api.settle();
}, 60_000);
afterAll(() => api.close());

describe('workspace branding', () => {
  test('PATCH sets the name and colour, GET reads them, a field left out keeps its value', async () => {
    const patched = await api.call<Branding>('PATCH', workspace(), { key: team.writeKey, body: { branding: { name: 'North Agency', accentColor: '#AA3300' } } });
    expect(patched).toMatchObject({ status: 200, body: { id: team.workspaceId, branding: { name: 'North Agency', accentColor: '#aa3300', logo: null } } });
    await api.call('PATCH', workspace(), { key: team.writeKey, body: { branding: { name: 'North Agency Ltd' } } });
    const read = await api.call<Branding>('GET', `${workspace()}/branding`, { key: team.readKey });
    expect(read.body.branding).toEqual({ name: 'North Agency Ltd', accentColor: '#aa3300', logo: null });
  });

  test.each([
    ['a colour that is not #rrggbb', { branding: { accentColor: 'red' } }, 'branding.accentColor'],
    ['a colour with CSS in it', { branding: { accentColor: '#aa3300; } body { display: none' } }, 'branding.accentColor'],
    ['a logo URL (never fetched)', { branding: { logoUrl: 'https://example.com/logo.png' } }, 'branding.logoUrl'],
  ])('%s is a 400', async (_case, body, path) => {
    const answer = await api.call<{ errors: Array<{ path: string }> }>('PATCH', workspace(), { key: team.writeKey, body });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((issue) => issue.path)).toEqual([path]);
  });

  test('a PNG is stored with the size its header gives, and a JPEG’s size is read from its frame header', async () => {
    expect(await upload(png(40, 20), 'image/png')).toMatchObject({ status: 200, body: { branding: { logo: { contentType: 'image/png', width: 40, height: 20 } } } });
    expect(await upload(jpegHeader(300, 120), 'image/jpeg')).toMatchObject({ status: 200, body: { branding: { logo: { contentType: 'image/jpeg', width: 300, height: 120 } } } });
  });

  test.each([
    ['a GIF', GIF, 'image/gif', 'PNG or JPEG'],
    ['a GIF sent as a PNG', GIF, 'image/png', 'header is that of gif'],
    ['an SVG', SVG, 'image/svg+xml', 'PNG or JPEG'],
    ['an SVG sent as a PNG', SVG, 'image/png', 'header is that of svg'],
    ['a 300 KB PNG', png(64, 64, { padding: 300 * 1024 }), 'image/png', 'at most 262144 bytes'],
    ['a PNG whose header claims 5000 × 5000 pixels', png(8, 8, { headerSays: { width: 5000, height: 5000 } }), 'image/png', '5000 × 5000'],
    ['a JPEG sent as a PNG', jpegHeader(10, 10), 'image/png', 'header is that of jpg'],
    ['a PNG cut short', png(16, 16).subarray(0, 60), 'image/png', 'not a whole image/png'],
    ['an empty body', Buffer.alloc(0), 'image/png', 'empty'],
  ])('%s is refused with 400 saying why, and the stored logo stays', async (_case, bytes, contentType, reason) => {
    await upload(png(40, 20), 'image/png');
    const answer = await upload(bytes, contentType);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(reason);
    const read = await api.call<Branding>('GET', `${workspace()}/branding`, { key: team.readKey });
    expect(read.body.branding.logo).toEqual({ contentType: 'image/png', width: 40, height: 20 });
  });

  test('a read key cannot set branding or a logo', async () => {
    expect((await upload(png(4, 4), 'image/png', team.readKey)).status).toBe(403);
    expect((await api.call('PATCH', workspace(), { key: team.readKey, body: { branding: { name: 'X' } } })).status).toBe(403);
  });

  test('the share page shows the name, colour and logo, served by geolens from the link; DELETE removes the logo', async () => {
    const logo = png(40, 20);
    await upload(logo, 'image/png');
    await api.call('PATCH', workspace(), { key: team.writeKey, body: { branding: { name: 'North Agency', accentColor: '#aa3300' } } });
    const link = (await api.call<CreatedLink>('POST', shareLinks(reportId), { key: team.writeKey, body: {} })).body;
    const page = await api.call<string>('GET', sharePath(link.url));
    expect(page.body).toContain('North Agency');
    expect(page.body).toContain('--accent: #aa3300');
    expect(page.body).toContain(`<img src="${sharePath(link.url)}/logo"`);
    const served = await fetch(`${api.url}${sharePath(link.url)}/logo`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(logo)).toBe(true);

    expect((await api.call('DELETE', logoPath(), { key: team.writeKey })).status).toBe(204);
    expect((await api.call('GET', `${sharePath(link.url)}/logo`)).status).toBe(404);
    expect((await api.call<string>('GET', sharePath(link.url))).body).not.toContain('<img');
  });
});
