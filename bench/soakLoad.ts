/**
 * The soak's load (bench/soak.ts starts it as its own process, so the load never shares the server's event loop):
 * a session of mixed use for `minutes` against `url`. Dashboard visits (sign-in, the page and its script, the
 * report's reads in varied windows, CSV downloads), MCP tool calls, prompt writes, report PATCHes, access-log
 * uploads, GEO audits of a page this process serves on loopback (content checks when `contentChecks`) and
 * fan-outs, each at its own pace. Prints one JSON line of answers counted by kind and status on stdout.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SoakJob, SoakTally } from './support/soakJob.js';

const job = JSON.parse(process.argv[2] ?? '{}') as SoakJob;
const deadline = Date.now() + job.minutes * 60_000;
const tally: SoakTally = { requests: 0, errors: 0, byKind: {} };
const report = `/v1/reports/brand/${job.reportId}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** One request, counted under `kind` and its status; the body is read whole (a CSV streams to its end). */
async function call(kind: string, path: string, init: RequestInit = {}): Promise<{ status: number; text: string; headers: Headers }> {
  tally.requests++;
  try {
    const response = await fetch(`${job.url}${path}`, { redirect: 'manual', ...init });
    const text = await response.text();
    const counts = (tally.byKind[kind] ??= {});
    counts[response.status] = (counts[response.status] ?? 0) + 1;
    return { status: response.status, text, headers: response.headers };
  } catch {
    tally.errors++;
    return { status: 0, text: '', headers: new Headers() };
  }
}

const json = (key: string, body: unknown, method = 'POST'): RequestInit => ({
  method,
  headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** A window a person picks on the dashboard: a start within the demo's 30 days, a country, sometimes engines. */
function window(): string {
  const start = 1 + Math.floor(Math.random() * 29);
  const end = Math.floor(Math.random() * start);
  const parts = [`startDate=${day(start)}`, `endDate=${day(end)}`];
  parts.push(`country=${pick(['us', 'uk'])}`);
  if (Math.random() < 0.3) parts.push(`engines=${pick(['chatgpt', 'perplexity', 'chatgpt,perplexity', 'gemini'])}`);
  return parts.join('&');
}

/** Repeats `step` until the deadline, `pauseMs` between rounds. */
async function every(pauseMs: number, step: () => Promise<void>): Promise<void> {
  while (Date.now() < deadline) {
    await step();
    await sleep(pauseMs * (0.5 + Math.random()));
  }
}

async function signIn(): Promise<Record<string, string>> {
  const signedIn = await call('signIn', '/auth/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(job.user) });
  const cookie = signedIn.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) return { authorization: `Bearer ${job.readKey}` };
  return { cookie, 'x-csrf-token': (JSON.parse(signedIn.text) as { csrfToken?: string }).csrfToken ?? '' };
}

/** A person opening the dashboard: the page, its script, the report's screens and a download or two. */
async function dashboardVisit(): Promise<void> {
  const headers = await signIn();
  const page = await call('page', `/reports/${job.reportId}`, { headers });
  for (const asset of page.text.match(/\/assets\/[^"]+\.js/g) ?? []) await call('page', asset, { headers });
  const query = window();
  for (const view of ['', '/stats', '/prompts', '/citations', '/citations/stats', '/citations/history', '/recommendations', '/citations/prompts']) {
    await call(`read${view || '/detail'}`, `${report}${view}?${view === '' ? '' : query}${view.startsWith('/citations/') && view !== '/citations/stats' ? `&url=${encodeURIComponent(pick(job.citedUrls))}` : ''}`, { headers });
  }
  const promptId = pick(job.promptIds);
  await call('read/prompt', `${report}/prompts/${promptId}?${query}`, { headers });
  await call('read/aiResponses', `${report}/prompts/${promptId}/ai-responses?${query}`, { headers });
  await call('competitors', '/v1/competitors/suggestions', json(job.writeKey, { reportId: job.reportId }));
  const csv = pick(['/prompts', '/citations', '/recommendations', `/prompts/${promptId}/ai-responses`]);
  await call('csv', `${report}${csv}?${query}&format=csv`, { headers: { ...headers, accept: 'text/csv' } });
  await call('signOut', '/auth/session', { method: 'DELETE', headers });
}

const MCP_TOOLS: ReadonlyArray<[string, () => Record<string, unknown>]> = [
  ['get_brand_report', () => ({ reportId: job.reportId })],
  ['get_brand_report_stats', () => ({ reportId: job.reportId, ...Object.fromEntries(new URLSearchParams(window())) })],
  ['list_brand_report_citations', () => ({ reportId: job.reportId, ...Object.fromEntries(new URLSearchParams(window())) })],
  ['list_brand_report_prompts', () => ({ reportId: job.reportId })],
  ['list_brand_report_recommendations', () => ({ reportId: job.reportId })],
  ['list_workspace_prompts', () => ({ workspaceId: job.workspaceId })],
];

async function mcpCall(): Promise<void> {
  const [name, args] = pick(MCP_TOOLS);
  await call(`mcp/${name}`, '/mcp', {
    method: 'POST',
    headers: { authorization: `Bearer ${job.mcpToken}`, accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args() } }),
  });
}

/** A prompt added and removed again, so the allocation stays where it was. */
async function promptWrite(): Promise<void> {
  const prompts = `/v1/workspaces/${job.workspaceId}/prompts`;
  const created = await call('promptWrite', prompts, json(job.writeKey, { country: pick(['us', 'uk']), prompts: [`Soak prompt ${Date.now()}?`] }));
  const id = created.status === 201 ? ((JSON.parse(created.text) as { items: Array<{ id: string }> }).items[0]?.id ?? '') : '';
  if (id) await call('promptWrite', `${prompts}/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${job.writeKey}` } });
}

let variation = 0;
async function reportPatch(): Promise<void> {
  const brandVariations = ['Nimbus', ...(variation++ % 2 === 0 ? ['Nimbus Inc'] : [])];
  await call('reportPatch', report, json(job.writeKey, { brandVariations }, 'PATCH'));
}

const BOTS = ['GPTBot/1.3; +https://openai.com/gptbot', 'ClaudeBot/1.0; +claudebot@anthropic.com', 'PerplexityBot/1.0; +https://perplexity.ai/perplexitybot'];

/** An access log of the last hour: bot visits and a few AI referrals, about 1,000 lines. */
function accessLog(): string {
  const lines: string[] = [];
  for (let line = 0; line < 1000; line++) {
    const at = new Date(Date.now() - Math.random() * 3_600_000);
    const stamp = at.toUTCString().replace(/^\w+, (\d+) (\w+) (\d+) ([\d:]+) GMT$/, '$1/$2/$3:$4 +0000');
    const agent = `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ${pick(BOTS)}`;
    lines.push(`74.7.241.${line % 250} - - [${stamp}] "GET /page-${Math.floor(Math.random() * 500)} HTTP/1.1" 200 512 "-" "${agent}"`);
  }
  return `${lines.join('\n')}\n`;
}

async function logUpload(): Promise<void> {
  await call('logUpload', `${report}/agent-analytics/logs?format=combined`, {
    method: 'POST',
    headers: { authorization: `Bearer ${job.writeKey}`, 'content-type': 'text/plain' },
    body: accessLog(),
  });
}

/** The page audits fetch: served here on loopback, a new path each time as sites differ. */
async function auditedSite(): Promise<string> {
  const server = createServer((request, response) => {
    if (request.url === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><html><head><title>Nimbus CRM ${request.url}</title><meta name="description" content="CRM"></head><body><h1>Nimbus CRM</h1><p>${'A CRM for small teams. '.repeat(200)}</p></body></html>`);
  });
  server.unref();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function audit(site: string, kind: 'crawlability' | 'content'): Promise<void> {
  const url = `${site}/page-${Math.floor(Math.random() * 1000)}`;
  const created = await call(`audit/${kind}`, `/v1/audits/geo/${kind}-checks`, json(job.writeKey, { workspaceId: job.workspaceId, url }));
  const id = created.status === 201 ? (JSON.parse(created.text) as { id: string }).id : '';
  if (id) await call(`audit/${kind}`, `/v1/audits/geo/${kind}-checks/${id}`, { headers: { authorization: `Bearer ${job.readKey}` } });
}

async function fanOut(): Promise<void> {
  const query = `best crm for ${pick(['a small agency', 'real estate', 'startups', 'a sales team'])} ${Math.floor(Math.random() * 100)}`;
  await call('fanOut', '/v1/audits/query-fan-outs', json(job.writeKey, { workspaceId: job.workspaceId, query, country: pick(['us', 'uk']) }));
}

const site = await auditedSite();
await Promise.all([
  every(500, dashboardVisit),
  every(1_000, dashboardVisit),
  every(200, mcpCall),
  every(3_000, promptWrite),
  every(30_000, reportPatch),
  every(10_000, logUpload),
  every(10_000, () => audit(site, 'crawlability')),
  ...(job.contentChecks ? [every(30_000, () => audit(site, 'content'))] : []),
  every(15_000, fanOut),
]);
process.stdout.write(`${JSON.stringify(tally)}\n`);
