import { createHash } from 'node:crypto';
import { describe, expect, test } from '@jest/globals';
import { compileDetection } from '../../../src/domain/analysis/index.js';
import type { DetectionSettings } from '../../../src/domain/brandReport/events.js';
import type { RunCompleted } from '../../../src/domain/run/events.js';
import { addRunsToHistory, emptyHistoryBatch } from '../../../src/projections/reportHistory/historyBatch.js';
import { REPORT_HISTORY } from '../../../src/projections/reportHistory/projection.js';
import { promptTotalsDocument } from '../../../src/projections/reportHistory/promptTotals.js';
import { citationsDocument } from '../../../src/projections/reportHistory/reportDocuments.js';

/**
 * Stored history is read by column position, so a layout change that keeps the version reads old documents
 * as wrong numbers (or 0) without an error. Each version records the fingerprint of the documents two fixed
 * runs produce; changing what is stored fails here until REPORT_HISTORY.version is bumped (the runner then
 * builds the new version beside the old one) and the new fingerprint recorded.
 */
const LAYOUT_OF_VERSION: Readonly<Record<number, string>> = {
  3: '9d0676a8e77fa226',
  4: 'fdd2be2ade33d113',
};

const identity = (brand: string, brandDomain: string) => ({
  brand,
  brandVariations: [],
  brandDomain,
  brandDomainVariations: [],
  brandDomainWildcard: false,
  brandRegex: null,
});
const settings: DetectionSettings = { ...identity('Acme', 'acme.com'), competitors: [identity('Globex', 'globex.com')] };

function run(runId: string, engine: RunCompleted['data']['engine'], promptId: string, content: string, links: string[]): RunCompleted['data'] {
  return {
    runId,
    promptId,
    workspaceId: 'ws_1',
    country: 'us',
    engine,
    runDate: '2026-11-02T08:00:00Z',
    source: 'import',
    model: null,
    content,
    citations: links.map((link, index) => ({ title: link, link, rank: index + 1 })),
    webSearchQuery: [],
    ads: [],
    shopping: [],
    overviewAvailable: true,
  };
}

function storedDocuments(): unknown[] {
  const batch = emptyHistoryBatch();
  const version = { reportId: 'br_1', version: REPORT_HISTORY.version, promptIds: ['pr_1', 'pr_2'] };
  addRunsToHistory(
    batch,
    version,
    [
      run('r1', 'chatgpt', 'pr_1', 'Acme is excellent, unlike Globex. Acme again; try Initech (initech.io).', ['https://acme.com/pricing', 'https://en.wikipedia.org/wiki/CRM']),
      run('r2', 'perplexity', 'pr_2', 'Globex leads; Acme is terrible.', ['https://www.globex.com/']),
    ],
    compileDetection(settings),
  );
  return [
    ...batch.days.values(),
    ...batch.reportDays.values(),
    ...[...batch.citations.values()].map(citationsDocument),
    ...[...batch.promptTotals.values()].map(promptTotalsDocument),
    ...batch.evidence.values(),
  ];
}

const fingerprint = (documents: readonly unknown[]): string => createHash('sha256').update(JSON.stringify(documents)).digest('hex').slice(0, 16);

describe('the report history layout', () => {
  test('is the one recorded for REPORT_HISTORY.version: a layout change needs a version bump', () => {
    expect({ version: REPORT_HISTORY.version, layout: fingerprint(storedDocuments()) }).toEqual({
      version: REPORT_HISTORY.version,
      layout: LAYOUT_OF_VERSION[REPORT_HISTORY.version],
    });
  });
});
