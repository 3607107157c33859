import { request } from 'node:http';
import { createBrandReport } from '../../../src/app/brandReports/edit/commands.js';
import { importRuns } from '../../../src/app/runs/import.js';
import { coverageRuns } from '../alerts/runs.js';
import { seedPrompts, type SeededTeam } from '../support/seed.js';
import type { TestApi } from '../support/testApi.js';

/**
 * A report of `brand` against Initech with three US prompts and runs on two engines from 2026-10-10 to
 * 2026-11-13 (the test clock stands at 2026-11-15): the brand in 60 % of the ChatGPT runs and 30 % of the Perplexity
 * runs, Initech in 40 % of the Gemini runs.
 */
export async function reportWithRuns(api: TestApi, team: SeededTeam, brand: string): Promise<{ reportId: string; promptIds: string[] }> {
  const promptIds = await seedPrompts(api, team.workspaceId, [{ country: 'us' }, { country: 'us' }, { country: 'us' }]);
  const domain = `${brand.toLowerCase()}.com`;
  const { id: reportId } = await createBrandReport(api.context, { workspaceId: team.workspaceId, brand, brandDomain: domain, promptIds, competitors: [{ brand: 'Initech', brandDomain: 'initech.com' }] });
  await api.settle();
  await api.rebuild();
  const prefix = brand.toLowerCase();
  await importRuns(api.context, [
    ...coverageRuns(`${prefix}-c`, promptIds, brand, [{ from: '2026-10-10', days: 35, perDay: 5, mentioned: 3 }]),
    ...coverageRuns(`${prefix}-p`, promptIds, brand, [{ from: '2026-10-10', days: 35, perDay: 10, mentioned: 3 }], 'perplexity'),
    ...coverageRuns(`${prefix}-g`, promptIds, 'Initech', [{ from: '2026-10-10', days: 35, perDay: 5, mentioned: 2 }], 'gemini'),
  ]);
  await api.settle();
  return { reportId, promptIds };
}

export const shareLinks = (reportId: string): string => `/v1/reports/brand/${reportId}/share-links`;

/** The path of a share URL (`http://…/share/gls_…` → `/share/gls_…`). */
export const sharePath = (url: string): string => new URL(url).pathname;

export interface CreatedLink {
  id: string;
  url: string;
  days: number;
  country: string;
  engines: string[] | null;
  expiresAt: string;
}

export interface PageMetric {
  /** The data path whose answer the figure is from (`stats`, `prompts`, `citations/stats`). */
  source: string;
  path: string;
  value: number | null;
}

/** Every `data-metric` of a page with the value it carries and the answer its section names. */
export function pageMetrics(html: string): PageMetric[] {
  let source = '';
  const metrics: PageMetric[] = [];
  for (const match of html.matchAll(/data-source="([^"]+)"|data-metric="([^"]+)" data-value="([^"]*)"/g)) {
    if (match[1] !== undefined) source = match[1];
    else metrics.push({ source, path: match[2] ?? '', value: match[3] === '' ? null : Number(match[3]) });
  }
  return metrics;
}

/** The value at a dotted path of an answer. */
export function valueAt(answer: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], answer);
}

/** A GET whose path is sent exactly as written (fetch would resolve dot segments first), as an attacker's client may. */
export function rawGet(origin: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const sent = request({ hostname, port, path, method: 'GET' }, (answer) => {
      let body = '';
      answer.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
    });
    sent.on('error', reject).end();
  });
}
