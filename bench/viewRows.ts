/**
 * Issue 24's view rows of the bench table: each view under its load beside the floor measured in the same run
 * (bare node:http answering the same bytes, or express 5 answering them from one route), with the aim the issue
 * set. A row is printed when the benchmarks measuring its figures ran (`views`, `agentAnalytics`, `mcp`, `api`).
 */
type Figures = Record<string, number>;

export interface ViewRow {
  figure: (f: Figures) => string;
  geolens: (f: Figures) => string;
  floor: (f: Figures) => string;
  ratio: (f: Figures) => string;
  aim: string;
  needs: readonly string[];
}

const whole = (value: number | undefined): string => Math.round(value ?? 0).toLocaleString('en-US');
const twoDigits = (value: number | undefined): string => (value ?? 0).toFixed(2);
/** `part / whole`, 0 without a whole. */
const share = (part: number | undefined, all: number | undefined): number => (all ? (part ?? 0) / all : 0);
const perSecond = (value: number | undefined): string => `${whole(value)} requests/s`;

/** A report view loaded by 10 clients: through the response cache, computed on every request, and the floor. */
function tenClientView(name: string, label: string, aim: string): ViewRow {
  const figure = (suffix: string) => `${name}TenClients${suffix}`;
  return {
    figure: (f) => `${label}, 90 days × ${whole(f.viewsPrompts)} prompts × 7 engines (${whole(f.viewsRuns)} runs), 10 clients`,
    geolens: (f) =>
      `p99 ${f[figure('P99Ms')]} ms, ${perSecond(f[figure('RequestsPerSecond')])} (computed on every request, as before the cache, ` +
      `${f[`${name}ComputedClients`] === 1 ? 'one client' : '10 clients'}: ` +
      `p99 ${f[figure('ComputedP99Ms')]} ms, ${perSecond(f[figure('ComputedRequestsPerSecond')])}` +
      (f[`${name}ComputedNothingHeldP99Ms`] === undefined ? ')' : `; with no evidence held: p50 ${f[`${name}ComputedNothingHeldP50Ms`]} ms, p99 ${f[`${name}ComputedNothingHeldP99Ms`]} ms)`),
    floor: (f) => `bare node:http, same bytes: p99 ${f[figure('FloorP99Ms')]} ms, ${perSecond(f[figure('FloorRequestsPerSecond')])}`,
    ratio: (f) => twoDigits(f[figure('RatioToFloor')]),
    aim,
    needs: [figure('P99Ms')],
  };
}

export const VIEW_ROWS: readonly ViewRow[] = [
  tenClientView('stats', '`…/stats`', 'p99 < 50 ms'),
  tenClientView('citations', '`…/citations`', 'p99 < 50 ms'),
  tenClientView('recommendations', '`…/recommendations`', 'p99 < 100 ms'),
  {
    figure: (f) => `\`…/agent-analytics/agents\`, 90 days × ${whole(f.agentsPages)} pages, 20 clients`,
    geolens: (f) => `p50 ${f.agentsEndpoint90dP50Ms} ms, p99 ${f.agentsEndpoint90dP99Ms} ms, ${perSecond(f.agentsEndpointRequestsPerSecond)}`,
    floor: (f) => `bare node:http, same bytes: p99 ${f.agentsFloorP99Ms} ms, ${perSecond(f.agentsFloorRequestsPerSecond)}`,
    ratio: (f) => twoDigits(share(f.agentsEndpointRequestsPerSecond, f.agentsFloorRequestsPerSecond)),
    aim: 'p99 < 50 ms',
    needs: ['agentsEndpoint90dP99Ms'],
  },
  {
    figure: () => 'MCP `get_brand_report`, 20 clients',
    geolens: (f) => `p50 ${f.mcpGetBrandReportP50Ms} ms, p99 ${f.mcpGetBrandReportP99Ms} ms, ${perSecond(f.mcpGetBrandReportRequestsPerSecond)}`,
    floor: (f) => `bare node:http, same bytes: p99 ${f.floorNodeHttpP99Ms} ms, ${perSecond(f.floorNodeHttpRequestsPerSecond)}`,
    ratio: (f) => twoDigits(f.ratioToFloor),
    aim: 'p99 < 15 ms',
    needs: ['mcpGetBrandReportP99Ms'],
  },
  {
    figure: () => '`GET /v1/reports/brand/{id}`, 50 connections, against the express 5 ceiling',
    geolens: (f) => `${perSecond(f.reportDetailRequestsPerSecond)}, p99 ${f.reportDetailP99Ms} ms`,
    floor: (f) => `express 5, one route, same bytes: ${perSecond(f.reportDetailExpressFloorRequestsPerSecond)}`,
    ratio: (f) => twoDigits(share(f.reportDetailRequestsPerSecond, f.reportDetailExpressFloorRequestsPerSecond)),
    aim: '≥ 0.8 of express, p99 < 15 ms',
    needs: ['reportDetailRequestsPerSecond'],
  },
  {
    figure: () => 'the hidden costs: `serve` peak RSS under the 10-client loads; read models per million runs',
    geolens: (f) => `${whole(f.servePeakRssMegabytesUnderTenClients)} MB; ${whole(f.readModelMegabytesPerMillionRuns)} MB per million runs (response cache ${twoDigits(share(f.responseCacheBytes, 1e6))} MB)`,
    floor: (f) => `the event log: ${whole(f.eventLogMegabytesPerMillionRuns)} MB per million runs`,
    ratio: (f) => twoDigits(f.readModelToEventLogSizeRatio),
    aim: 'read models ≤ the event log',
    needs: ['servePeakRssMegabytesUnderTenClients'],
  },
];
