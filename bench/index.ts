/**
 * `npm run bench [-- name...]`: runs the benchmarks and prints their figures with the aims the issues set.
 * Each benchmark works on temporary directories and loopback only.
 */
import { benchAgentAnalytics } from './agentAnalytics.js';
import { benchAnalysis } from './analysis.js';
import { benchAnalytics } from './analytics.js';
import { benchApi } from './api.js';
import { benchAudits } from './audits.js';
import { benchDocumentStore } from './documentStore.js';
import { benchSimulator } from './engines.js';
import { benchEventStore } from './eventStore.js';
import { benchMcp } from './mcp.js';
import { benchLogIngest } from './logIngest.js';
import { benchProjection } from './projection.js';
import { benchPromptHistory } from './promptHistory.js';
import { benchReplay } from './replay.js';
import { benchRunRecording } from './runs.js';

type Bench = () => Promise<Record<string, number>>;

const BENCHES: Record<string, Bench> = {
  eventStore: benchEventStore,
  documentStore: benchDocumentStore,
  projection: benchProjection,
  api: benchApi,
  analysis: benchAnalysis,
  simulator: benchSimulator,
  runs: benchRunRecording,
  promptHistory: benchPromptHistory,
  replay: () => benchReplay(),
  mcp: benchMcp,
  logIngest: benchLogIngest,
  agentAnalytics: benchAgentAnalytics,
  audits: benchAudits,
  analytics: benchAnalytics,
};

/** Aims from the issues, shown beside the measured figure (`>` higher is better, `<` lower is better). */
const AIMS: Record<string, string> = {
  sqliteAppendBatch100EventsPerSecond: '> 50,000',
  directoryProjectionEventsPerSecond: '> 20,000',
  promptDetail90dP99Ms: '< 50 ms',
  reportDetailP99Ms: '< 20 ms',
  reportListP99Ms: '< 20 ms',
  analysisRunsPerSecond: '> 20,000',
  replaySeconds: '< 120 s for ~1.1 million runs',
  mcpGetBrandReportP99Ms: '< 30 ms',
  logIngestLinesPerSecond: '> 500,000 (1 GB combined log, one core)',
  crawlabilityCheckMs: '< 3,000 ms',
  contentCheckMs: '< 5,000 ms',
  crawlabilityCheckEndToEndMs: '< 3,000 ms',
  contentCheckEndToEndMs: '< 5,000 ms',
  stats90dOneClientP99Ms: '< 50 ms',
  citations90dOneClientP99Ms: '< 50 ms',
};

const format = (value: number): string => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

async function main(): Promise<void> {
  const selected = process.argv.slice(2);
  const unknown = selected.filter((name) => !(name in BENCHES));
  if (unknown.length > 0) {
    process.stderr.write(`error: unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}\n`);
    process.exit(2);
  }
  const names = selected.length > 0 ? selected : Object.keys(BENCHES);
  for (const name of names) {
    process.stdout.write(`\n${name}\n`);
    const figures = await BENCHES[name]!();
    for (const [figure, value] of Object.entries(figures)) {
      const aim = AIMS[figure] ? `   (aim ${AIMS[figure]})` : '';
      process.stdout.write(`  ${figure.padEnd(44)} ${format(value).padStart(14)}${aim}\n`);
    }
  }
}

await main();
