import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../../src/infra/browser/index.js';
import { seedTeam, type SeededTeam } from '../../api/support/seed.js';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { reportWithRuns, shareLinks, sharePath, valueAt, type CreatedLink } from '../../api/shareLinks/fixture.js';
import { describeWithChromium } from '../../support/fixtureSites/chromium.js';
import { png } from '../../api/branding/images.js';
import { expectAccessible, newContext } from '../dashboard/support.js';

const ARTIFACTS = 'test-artifacts/share';

let api: TestApi;
let team: SeededTeam;
let reportId: string;
let link: CreatedLink;
let browser: Browser;
let answers: Record<string, unknown>;

const filters = 'startDate=2026-10-17&endDate=2026-11-15&country=us';

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  api = await startTestApi();
  team = await seedTeam(api);
  ({ reportId } = await reportWithRuns(api, team, 'Acme'));
  await api.call('PATCH', `/v1/workspaces/${team.workspaceId}`, { key: team.writeKey, body: { branding: { name: 'North Agency', accentColor: '#1f6f5c' } } });
  await fetch(`${api.url}/v1/workspaces/${team.workspaceId}/branding/logo`, { method: 'PUT', headers: { authorization: `Bearer ${team.writeKey}`, 'content-type': 'image/png' }, body: png(120, 40) });
  link = (await api.call<CreatedLink>('POST', shareLinks(reportId), { key: team.writeKey, body: { label: 'Client' } })).body;
  const read = async (path: string) => (await api.call('GET', `/v1/reports/brand/${reportId}/${path}`, { key: team.readKey })).body;
  answers = { stats: await read(`stats?${filters}`), prompts: await read(`prompts?${filters}&limit=10`), 'citations/stats': await read(`citations/stats?${filters}`) };
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await api?.close();
});

describeWithChromium()('the share page in Chromium', () => {
  test.each([1440, 390])('at %i px every figure is the API’s, nothing overflows, and axe finds nothing serious', async (width) => {
    const context = await newContext(browser, width);
    const page = await context.newPage();
    const answer = await page.goto(`${api.url}${sharePath(link.url)}`);
    expect(answer?.status()).toBe(200);
    await page.screenshot({ path: join(ARTIFACTS, `share-${width}.png`), fullPage: true });
    const shown = await page.$$eval('[data-metric]', (elements) =>
      elements.map((element) => ({ source: element.closest('[data-source]')?.getAttribute('data-source') ?? '', path: element.getAttribute('data-metric') ?? '', value: element.getAttribute('data-value') })),
    );
    expect(shown.length).toBeGreaterThan(30);
    for (const { source, path, value } of shown) expect({ path, value: value === '' ? null : Number(value) }).toEqual({ path, value: valueAt(answers[source], path) });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    expect(await page.$$('a, nav, script')).toHaveLength(0);
    await expectAccessible(page);
    await context.close();
  });
});

interface Stats {
  summary: { brandCoverage: number; shareOfVoice: number; domainCoverage: number; runs: number; mentionedRuns: number; mentions: number };
  engines: Array<{ engine: string; brandCoverage: number; runs: number; mentionedRuns: number }>;
  allBrandsAnalysis: { brandMentions: Array<{ brand: string; shareOfVoice: number; brandCoverage: number; mentions: number }> };
}

/**
 * The figure under a card's title in `pdftotext -layout` text: the first number that starts in the title's
 * column on the lines below it (thousands separators dropped).
 */
function figureUnder(layout: string, title: string): number {
  const lines = layout.split('\n');
  const row = lines.findIndex((line) => line.includes(title));
  const column = lines[row]?.indexOf(title) ?? -1;
  for (const line of lines.slice(row + 1, row + 4)) {
    const match = /^\s{0,2}([\d,]+(?:\.\d+)?)/.exec(line.slice(column));
    if (row >= 0 && match?.[1]) return Number(match[1].replace(/,/g, ''));
  }
  throw new Error(`no figure under "${title}" in the PDF's text`);
}

describeWithChromium()('the PDF', () => {
  test('is A4, printed from the share page with the workspace’s name and logo, and its figures read back with pdftotext equal /stats', async () => {
    const answer = await fetch(`${api.url}${sharePath(link.url)}/report.pdf`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const file = join(ARTIFACTS, 'report.pdf');
    await writeFile(file, Buffer.from(await answer.arrayBuffer()));
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Page size:\s+59[56]\.\d+ x 84[12]\.\d+ pts \(A4\)/);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    await writeFile(join(ARTIFACTS, 'report.txt'), text);
    const stats = answers.stats as Stats;
    const close = (shown: number, api: number, digits: number) => expect(Math.abs(shown - api)).toBeLessThanOrEqual(0.5 * 10 ** -digits + 1e-9);
    const flat = text.replace(/\s+/g, ' ');
    close(figureUnder(text, 'Brand coverage'), stats.summary.brandCoverage, 1);
    close(figureUnder(text, 'Share of voice'), stats.summary.shareOfVoice, 1);
    close(figureUnder(text, 'Domain coverage'), stats.summary.domainCoverage, 1);
    expect(figureUnder(text, 'Mentions')).toBe(stats.summary.mentions);
    expect(flat).toContain(`${stats.summary.mentionedRuns} / ${stats.summary.runs} runs`);
    for (const engine of stats.engines) {
      const row = new RegExp(`${engine.engine} ([\\d.]+) % (\\d+) / (\\d+)`).exec(flat);
      close(Number(row?.[1]), engine.brandCoverage, 1);
      expect([Number(row?.[2]), Number(row?.[3])]).toEqual([engine.mentionedRuns, engine.runs]);
    }
    for (const [index, brand] of stats.allBrandsAnalysis.brandMentions.entries()) {
      const row = new RegExp(`${index + 1} ${brand.brand} ([\\d.]+) % ([\\d.]+) % (\\d+)`).exec(flat);
      expect(row).not.toBeNull();
      close(Number(row?.[1]), brand.shareOfVoice, 1);
      close(Number(row?.[2]), brand.brandCoverage, 1);
      expect(Number(row?.[3])).toBe(brand.mentions);
    }
    expect(flat).toContain('North Agency');
    expect(execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })).toMatch(/\n\s+1\s+\d+\s+image\s+120\s+40\s/);
    execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', file, join(ARTIFACTS, 'report-page')]);
  }, 60_000);

  test('the report’s PDF on /v1 carries the same figures for the same window', async () => {
    const answer = await fetch(`${api.url}/v1/reports/brand/${reportId}/report.pdf?${filters}`, { headers: { authorization: `Bearer ${team.readKey}` } });
    expect(answer.status).toBe(200);
    const file = join(ARTIFACTS, 'report-v1.pdf');
    await writeFile(file, Buffer.from(await answer.arrayBuffer()));
    const layout = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(Math.abs(figureUnder(layout, 'Brand coverage') - (answers.stats as Stats).summary.brandCoverage)).toBeLessThanOrEqual(0.05);
  }, 60_000);
});
