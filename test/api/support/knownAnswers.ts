import { expect } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createBrandReport } from '../../../src/app/brandReports/edit/commands.js';
import { createPrompt } from '../../../src/app/prompts/prompts.js';
import { createTag } from '../../../src/app/tags/tags.js';
import { runGeolens } from '../../support/cli.js';
import { seedTeam, type SeededTeam } from './seed.js';
import type { TestApi } from './testApi.js';

/**
 * A report over known answers, imported with `geolens runs import`: every figure the analytics tests assert
 * follows from these texts by the metric definitions (docs/metrics.md). The API's clock stands at 2026-11-15, so the last 30
 * days (recommendations, suggestions) hold every run; the analytics window is 2026-11-01 to 2026-11-02.
 *
 * The brand is Acme ("Acme CRM"), acme.com; competitors Globex (globex.com) and Initech (initech.com).
 * Sentences: "… best choice …", "… excellent." are positive; "… terrible …", "… bad fit …" negative;
 * "… great …", "… good." positive; "… a CRM vendor based in Ohio." neutral.
 */
export interface KnownAnswers {
  team: SeededTeam;
  reportId: string;
  /** "Best CRM for small teams?" (us, tag Pricing, volume 880) and "Cheapest CRM?" (us), "Best CRM in Britain?" (uk). */
  bestCrm: string;
  cheapestCrm: string;
  britain: string;
  pricingTag: string;
}

export const WINDOW = 'startDate=2026-11-01&endDate=2026-11-02&country=us';

const citation = ([link, title]: [string, string], index: number) => ({ title, link, rank: index + 1 });

function knownRuns({ bestCrm, cheapestCrm, britain }: Pick<KnownAnswers, 'bestCrm' | 'cheapestCrm' | 'britain'>): string[] {
  const run = (runId: string, promptId: string, engine: string, runDate: string, content: string, cited: [string, string][], state = 'completed') =>
    JSON.stringify({ runId, promptId, engine, runDate, content, citations: cited.map(citation), state });
  return [
    run('r1', bestCrm, 'chatgpt', '2026-11-01T08:00:00Z',
      "Acme CRM is the best choice for small teams. Globex is a CRM vendor based in Ohio. I couldn't find any information about Initech. Also consider **Freshsales** and Copper (copper.com).",
      [['https://acme.com/pricing', 'Acme pricing'], ['https://en.wikipedia.org/wiki/CRM', 'CRM - Wikipedia'], ['https://www.reddit.com/r/crm', 'r/crm'], ['https://copper.com/', 'Copper']]),
    run('r2', bestCrm, 'perplexity', '2026-11-01T09:00:00Z', 'Globex is great for enterprises. Acme is terrible at onboarding.',
      [['https://globex.com/', 'Globex'], ['https://www.youtube.com/watch?v=1', 'CRM video']]),
    run('r3', bestCrm, 'chatgpt', '2026-11-02T08:00:00Z', 'Initech is a bad fit for startups. Acme is excellent. **Freshsales** is popular too.',
      [['https://ACME.com/pricing/#plans', 'Acme pricing 2026'], ['https://www.nytimes.com/2026/crm.html', 'CRM at the Times']]),
    run('r4', bestCrm, 'claude', '2026-11-02T09:00:00Z', '', [], 'failed'),
    run('r5', cheapestCrm, 'perplexity', '2026-11-01T10:00:00Z', 'Globex is good. Many teams like **Freshsales**.', [['https://www.g2.com/crm', 'G2 CRM']]),
    run('r6', cheapestCrm, 'gemini', '2026-11-02T10:00:00Z', 'Globex is good. Initech is a bad fit for startups.',
      [['https://globex.com/pricing', 'Globex pricing'], ['https://www.g2.com/crm', 'G2 CRM reviews']]),
    run('r7', britain, 'chatgpt', '2026-11-01T11:00:00Z', 'Acme is good. Globex is good.', [['https://acme.com/pricing', 'Acme UK']]),
    run('r8', bestCrm, 'chatgpt', '2026-10-31T08:00:00Z', 'Acme is excellent.', [['https://acme.com/pricing', 'Acme pricing old']]),
    run('r9', bestCrm, 'copilot', '2026-11-10T08:00:00Z', '**Freshsales** is a solid option.', [['https://www.freshsales.io/', 'Freshsales']]),
  ];
}

export async function createKnownReport(api: TestApi, team: SeededTeam, promptIds: string[], fields: object = {}): Promise<string> {
  const { id } = await createBrandReport(api.context, {
    workspaceId: team.workspaceId,
    reportTitle: 'Acme visibility',
    brand: 'Acme',
    brandVariations: ['Acme CRM'],
    brandDomain: 'acme.com',
    promptIds,
    competitors: [{ brand: 'Globex', brandDomain: 'globex.com' }, { brand: 'Initech', brandDomain: 'initech.com' }],
    ...fields,
  });
  return id;
}

/** The team, prompts and report, then the runs imported by the command line into the same stores. */
export async function seedKnownAnswers(api: TestApi): Promise<KnownAnswers> {
  const team = await seedTeam(api);
  const pricingTag = (await createTag(api.context, { workspaceId: team.workspaceId, name: 'Pricing', color: 'gold' })).id;
  const prompt = async (text: string, country: 'us' | 'uk', extra: object = {}) =>
    (await createPrompt(api.context, { workspaceId: team.workspaceId, country, text, ...extra })).id;
  const bestCrm = await prompt('Best CRM for small teams?', 'us', { tagIds: [pricingTag], intentVolume: 880 });
  const cheapestCrm = await prompt('Cheapest CRM?', 'us');
  const britain = await prompt('Best CRM in Britain?', 'uk');
  const reportId = await createKnownReport(api, team, [bestCrm, cheapestCrm, britain]);
  await api.settle();
  await api.rebuild();

  const file = join(api.dataDir, 'known-runs.ndjson');
  await writeFile(file, `${knownRuns({ bestCrm, cheapestCrm, britain }).join('\n')}\n`);
  const imported = await runGeolens(api.dataDir, 'runs', 'import', '--file', file, '--json');
  expect(imported).toMatchObject({ stderr: '', status: 0, stdout: '{"imported":9,"skipped":0}\n' });
  await api.settle();
  return { team, reportId, bestCrm, cheapestCrm, britain, pricingTag };
}
