import { addDays } from '../../../src/domain/shared/days.js';

/** One stretch of days whose runs name the brand in `mentioned` of every `perDay` runs. */
export interface CoverageSpan {
  from: string;
  days: number;
  perDay: number;
  mentioned: number;
}

/** The brand in 60 % of 10 runs a day for the 28 days to 2026-11-06, then in 30 % for the 7 days to 2026-11-13: one coverage_drop. */
export const FALLING_COVERAGE: readonly CoverageSpan[] = [
  { from: '2026-10-10', days: 28, perDay: 10, mentioned: 6 },
  { from: '2026-11-07', days: 7, perDay: 10, mentioned: 3 },
];

/**
 * NDJSON lines of imported runs, one per line as `geolens runs import` reads them: over `spans`, each day's
 * runs on `engine` spread over `promptIds`, the first `mentioned` of them naming `brand`.
 */
export function coverageRuns(prefix: string, promptIds: readonly string[], brand: string, spans: readonly CoverageSpan[], engine = 'chatgpt'): string[] {
  const lines: string[] = [];
  for (const { from, days, perDay, mentioned } of spans) {
    for (let day = 0; day < days; day++) {
      const date = addDays(from, day);
      for (let index = 0; index < perDay; index++) {
        const content = index < mentioned ? `${brand} is a solid choice for small teams.` : 'Several tools fit small teams.';
        const promptId = promptIds[index % promptIds.length];
        lines.push(JSON.stringify({ runId: `${prefix}-${date}-${index}`, promptId, engine, runDate: `${date}T09:00:00Z`, content, citations: [] }));
      }
    }
  }
  return lines;
}
