/**
 * `npm run bench [-- name...]`: runs the benchmarks and prints their figures with the aims the issues set.
 * Each benchmark works on temporary directories and loopback only.
 */
import { benchAgentAnalytics } from './agentAnalytics.js';
import { benchAlerts } from './alerts.js';
import { benchCalibration } from './calibration.js';
import { benchAnalysis } from './analysis.js';
import { benchAnalytics } from './analytics.js';
import { benchApi } from './api.js';
import { benchDashboard } from './dashboard.js';
import { benchAudits } from './audits.js';
import { benchClientReports } from './clientReports.js';
import { benchCsvExport } from './csvExport.js';
import { benchDocumentStore } from './documentStore.js';
import { benchSimulator } from './engines.js';
import { benchEventStore } from './eventStore.js';
import { benchGzipBomb } from './gzipBomb.js';
import { benchMcp } from './mcp.js';
import { benchPostgresApi } from './postgresApi.js';
import { benchPostgresEventStore } from './postgresEventStore.js';
import { benchPostgresReplay } from './postgresReplay.js';
import { benchLogIngest } from './logIngest.js';
import { benchProjection } from './projection.js';
import { benchPromptHistory } from './promptHistory.js';
import { benchReplay } from './replay.js';
import { benchRunRecording } from './runs.js';
import { benchSoak } from './soak.js';
import { benchStart } from './start.js';
import { VIEW_ROWS } from './viewRows.js';
import { benchViews } from './views.js';
import { benchWebhooks } from './webhooks.js';

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
  views: benchViews,
  csvExport: benchCsvExport,
  gzipBomb: benchGzipBomb,
  dashboard: benchDashboard,
  postgresEventStore: benchPostgresEventStore,
  postgresReplay: benchPostgresReplay,
  postgresApi: benchPostgresApi,
  webhooks: benchWebhooks,
  alerts: benchAlerts,
  calibration: benchCalibration,
  soak: benchSoak,
  clientReports: benchClientReports,
  start: benchStart,
};

/** Aims from the issues, shown beside the measured figure (`>` higher is better, `<` lower is better). */
const AIMS: Record<string, string> = {
  sqliteAppendBatch100EventsPerSecond: '> 50,000',
  directoryProjectionEventsPerSecond: '> 20,000',
  promptDetail90dP99Ms: '< 50 ms',
  reportDetailP99Ms: '< 15 ms',
  reportDetailRatioToFloor: '≥ 0.35',
  reportDetailClusterRatioToFloor: '≥ 0.35',
  analysisRatioToFloor: '≥ 0.40',
  analysisFromFactsRatioToFloor: '≥ 0.40',
  sqliteAppendBatch100RatioToFloor: '≥ 0.80',
  importRunsPerSecond: '≥ 20,000',
  simulateAndRecordRunsPerSecond: '≥ 20,000',
  reportListP99Ms: '< 20 ms',
  analysisRunsPerSecond: '> 20,000',
  replaySeconds: '< 60 s for ~1.1 million runs on 2 cores',
  mcpGetBrandReportP99Ms: '< 15 ms (issue 24; < 30 ms in issue 9)',
  logIngestLinesPerSecond: '> 500,000 (1 GB combined log, one core)',
  logReferralsToWithoutRatio: '≥ 0.90 (with AI referrals against without)',
  crawlabilityCheckMs: '< 3,000 ms',
  contentCheckMs: '< 5,000 ms',
  crawlabilityCheckEndToEndMs: '< 3,000 ms',
  contentCheckEndToEndMs: '< 5,000 ms',
  stats90dOneClientP99Ms: '< 50 ms',
  citations90dOneClientP99Ms: '< 50 ms',
  gzipBombServerCpuSeconds: '< 3 s',
  gzipBombServerPeakRssMegabytes: '< 300 MB',
  dashboardInitialGzipKB: '≤ 150 KB',
  dashboardDemoOverviewMs: '< 1,000 ms',
  dashboardCrmOverviewMs: '< 1,000 ms',
  postgresAppendBatch100RatioToFloor: '≥ 0.80',
  alertsEvaluateDayMedianMs: 'none set: issue 25 asks that it be printed',
  soakGrowthAfterSettledPercent: '< 10 % (issue 40)',
  sharePageFirstLoadMs: 'none set: issue 44 asks that it be printed',
  reportPdfMs: 'none set: issue 44 asks that it be printed',
  startHelpRatioToNode: '≤ 4 (× node -e 0)',
};

const format = (value: number): string => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

type Figures = Record<string, number>;

/** A row of issue 14's table: a figure, its floor measured in the same run, their ratio and the aim. */
interface TableRow {
  figure: (f: Figures) => string;
  geolens: (f: Figures) => string;
  floor: (f: Figures) => string;
  ratio: (f: Figures) => string;
  aim: string;
  /** Figures the row needs: it is printed when the benchmarks that measure them ran. */
  needs: readonly string[];
}

const whole = (value: number | undefined): string => format(Math.round(value ?? 0));
const twoDigits = (value: number | undefined): string => (value ?? 0).toFixed(2);
const oneDecimal = (value: number | undefined): string => (value ?? 0).toFixed(1);

const calibrationRow = (runsPerDay: number): TableRow => ({
  figure: (f) => `calibration at runsPerDay ${runsPerDay} (${whole(f.calibrationWindows)} simulated 7-day windows of 50 prompts, truth ${oneDecimal(f.calibrationTruthPercent)} %): intervals covering the truth; false alarms between windows of the same truth; runs for ±3 points`,
  geolens: (f) => `cell-clustered interval covers ${oneDecimal(f[`calibrationCoverageRpd${runsPerDay}`])} %; verdict false alarms ${oneDecimal(f[`calibrationFalseAlarmsRpd${runsPerDay}`])} %; ${whole(f[`calibrationRunsFor3PointsRpd${runsPerDay}`])} runs for ±3 points`,
  floor: (f) => `run-level Wilson covers ${oneDecimal(f[`calibrationWilsonCoverageRpd${runsPerDay}`])} %; pooled test false alarms ${oneDecimal(f[`calibrationPooledFalseAlarmsRpd${runsPerDay}`])} %`,
  ratio: () => '—',
  aim: 'coverage ≥ 95 %, false alarms ≤ 5 % (issue 41)',
  needs: [`calibrationCoverageRpd${runsPerDay}`],
});

const TABLE: readonly TableRow[] = [
  {
    figure: () => '`GET /v1/reports/brand/{id}`, 50 connections, load from another process',
    geolens: (f) => `${whole(f.reportDetailRequestsPerSecond)} requests/s, p99 ${f.reportDetailP99Ms} ms`,
    floor: (f) => `bare node:http, same bytes: ${whole(f.reportDetailFloorRequestsPerSecond)} requests/s, p99 ${f.reportDetailFloorP99Ms} ms (express 5, one route, same bytes: ${whole(f.reportDetailExpressFloorRequestsPerSecond)} requests/s, ratio ${twoDigits(f.reportDetailExpressFloorRatioToFloor)})`,
    ratio: (f) => twoDigits(f.reportDetailRatioToFloor),
    aim: '≥ 0.35, p99 < 15 ms',
    needs: ['reportDetailRequestsPerSecond'],
  },
  {
    figure: (f) => `the same, \`SERVE_WORKERS=${f.reportDetailClusterWorkers}\` (one process per core, one data dir)`,
    geolens: (f) => `${whole(f.reportDetailClusterRequestsPerSecond)} requests/s, p99 ${f.reportDetailClusterP99Ms} ms`,
    floor: (f) => `bare node:http, same bytes: ${whole(f.reportDetailClusterFloorRequestsPerSecond)} requests/s`,
    ratio: (f) => twoDigits(f.reportDetailClusterRatioToFloor),
    aim: '≥ 0.35',
    needs: ['reportDetailClusterRequestsPerSecond'],
  },
  {
    figure: (f) => `answer analysis, ${whole(f.analysisAnswerBytes)} B answers, ${f.analysisNamesTracked} names`,
    geolens: (f) => `${whole(f.analysisRunsPerSecond)} runs/s`,
    floor: (f) => `one V8 regex pass over the same names: ${whole(f.analysisFloorOneRegexPassRunsPerSecond)} runs/s`,
    ratio: (f) => twoDigits(f.analysisRatioToFloor),
    aim: '≥ 0.40',
    needs: ['analysisRunsPerSecond'],
  },
  {
    figure: (f) => `the same from the run's text facts (${whole(f.analysisFactsBytesPerRun)} B stored per run, derived once at ${whole(f.analysisDeriveFactsRunsPerSecond)} runs/s)`,
    geolens: (f) => `${whole(f.analysisFromFactsRunsPerSecond)} runs/s`,
    floor: (f) => `${whole(f.analysisFloorOneRegexPassRunsPerSecond)} runs/s`,
    ratio: (f) => twoDigits(f.analysisFromFactsRatioToFloor),
    aim: '≥ 0.40',
    needs: ['analysisFromFactsRunsPerSecond'],
  },
  {
    figure: () => 'event append, 100-event batches',
    geolens: (f) => `${whole(f.sqliteAppendBatch100EventsPerSecond)} events/s`,
    floor: (f) => `raw better-sqlite3, same schema and sync: ${whole(f.sqliteAppendBatch100FloorRawSqliteEventsPerSecond)} events/s`,
    ratio: (f) => twoDigits(f.sqliteAppendBatch100RatioToFloor),
    aim: '≥ 0.80 (keep)',
    needs: ['sqliteAppendBatch100EventsPerSecond'],
  },
  {
    figure: () => 'PostgreSQL event append, 100-event batches',
    geolens: (f) => `${whole(f.postgresAppendBatch100EventsPerSecond)} events/s`,
    floor: (f) => `raw \`pg\` INSERTs, same table and commits: ${whole(f.postgresAppendBatch100FloorRawPgEventsPerSecond)} events/s`,
    ratio: (f) => twoDigits(f.postgresAppendBatch100RatioToFloor),
    aim: '≥ 0.80',
    needs: ['postgresAppendBatch100EventsPerSecond'],
  },
  {
    figure: (f) => `replay of ${whole(f.postgresReplayRuns)} runs on PostgreSQL`,
    geolens: (f) => `${f.postgresReplaySeconds} s (${whole(f.postgresReplayRunsPerSecond)} runs/s)`,
    floor: (f) => `the same replay on the embedded stores: ${f.postgresReplayEmbeddedSeconds} s (${whole(f.postgresReplayEmbeddedRunsPerSecond)} runs/s)`,
    ratio: (f) => twoDigits(f.postgresReplayRatioToEmbedded),
    aim: '—',
    needs: ['postgresReplaySeconds'],
  },
  {
    figure: () => '`GET /v1/reports/brand/{id}`, two `serve` on one PostgreSQL, 2 × 25 connections from two other processes',
    geolens: (f) => `${whole(f.postgresReportDetailTwoServeRequestsPerSecond)} requests/s, p99 ${f.postgresReportDetailTwoServeP99Ms} ms`,
    floor: (f) => `bare node:http, same bytes and load: ${whole(f.postgresReportDetailTwoServeFloorRequestsPerSecond)} requests/s, p99 ${f.postgresReportDetailTwoServeFloorP99Ms} ms`,
    ratio: (f) => twoDigits(f.postgresReportDetailTwoServeRatioToFloor),
    aim: '—',
    needs: ['postgresReportDetailTwoServeRequestsPerSecond'],
  },
  {
    figure: (f) => `replay of ${whole(f.replayRuns)} runs`,
    geolens: (f) =>
      `${f.replaySeconds} s (${whole(f.replayRunsPerSecond)} runs/s); ${f.replayCpuSeconds} CPU seconds over all threads, ` +
      `${f.replayMainThreadCpuSeconds} of them on the main thread, ${f.replayMainThreadGcSeconds} s of which garbage collection (${f.replayMainThreadMinorGcSeconds} s young generation); ` +
      `phases on the main thread: reading ${f.replayReadEventsSeconds} s, waiting for analysis and merging ${f.replayAnalysisSeconds} s, writing ${f.replayWriteReadModelsSeconds} s`,
    floor: () => '—',
    ratio: () => '—',
    aim: '< 60 s for 1,095,000 runs on 2 cores',
    needs: ['replaySeconds'],
  },
  {
    figure: () => 'live projection catch-up of the same log',
    geolens: (f) =>
      `${f.replayLiveCatchUpSeconds} s: the report history ${f.replayLiveCatchUpReportHistorySeconds} s (what the replay rebuilds), ` +
      `the other projections ${f.replayLiveCatchUpOtherProjectionsSeconds} s (${f.replayLiveCatchUpOtherProjectionsCpuSeconds} CPU seconds; mostly the runs read model, which reads every run's event); ` +
      `the report history's leg used ${f.replayLiveCatchUpReportHistoryCpuSeconds} CPU seconds, ${f.replayLiveCatchUpReportHistoryMainThreadCpuSeconds} of them on the main thread, ${f.replayLiveCatchUpReportHistoryMainThreadGcSeconds} s main-thread garbage collection (${f.replayLiveCatchUpReportHistoryMainThreadMinorGcSeconds} s young generation)`,
    floor: () => '—',
    ratio: () => '—',
    aim: 'no slower than the replay',
    needs: ['replayLiveCatchUpSeconds'],
  },
  {
    figure: () => 'the replay again with no text facts stored (every run’s facts derived, as the catch-up derives them)',
    geolens: (f) => `${f.replayFromTextSeconds} s, ${f.replayFromTextCpuSeconds} CPU seconds`,
    floor: (f) => `the report history's catch-up: ${f.replayLiveCatchUpReportHistorySeconds} s`,
    ratio: (f) => `catch-up ${twoDigits((f.replayLiveCatchUpReportHistorySeconds ?? 0) / (f.replayFromTextSeconds || 1))}`,
    aim: 'the catch-up on the replay’s path: no slower',
    needs: ['replayFromTextSeconds'],
  },
  {
    figure: () => '`runs import` / `runs simulate`',
    geolens: (f) => `${whole(f.importRunsPerSecond)} / ${whole(f.simulateAndRecordRunsPerSecond)} runs/s`,
    floor: (f) => `import: each line parsed and inserted with raw better-sqlite3, same schema, sync and commits: ${whole(f.importFloorRawSqliteRunsPerSecond)} runs/s`,
    ratio: (f) => `import ${twoDigits(f.importRatioToFloor)}`,
    aim: '≥ 20,000 runs/s',
    needs: ['importRunsPerSecond', 'simulateAndRecordRunsPerSecond'],
  },
  {
    figure: (f) => `CSV of the citations of a ${whole(f.csvExportRuns)}-run report, every page (${whole(f.csvExportItems)} URLs, ${twoDigits(f.csvExportMegabytes)} MB), one request to \`serve\``,
    geolens: (f) => `${twoDigits(f.csvExportSeconds)} s (first byte ${whole(f.csvExportFirstByteMs)} ms), ${twoDigits(f.csvExportServerCpuSeconds)} s of server CPU, peak RSS ${whole(f.csvExportServerPeakRssMegabytes)} MB (${whole(f.csvExportServerRssBeforeMegabytes)} MB before)`,
    floor: (f) => `the JSON list in ${whole(f.csvExportFloorJsonPagesRequests)} pages of 100, one after another: ${twoDigits(f.csvExportFloorJsonPagesSeconds)} s, ${twoDigits(f.csvExportFloorJsonPagesServerCpuSeconds)} s of server CPU, peak RSS ${whole(f.csvExportFloorJsonPagesServerPeakRssMegabytes)} MB`,
    ratio: (f) => `time ${twoDigits(f.csvExportTimeToFloor)}`,
    aim: 'streamed, never every item in memory',
    needs: ['csvExportSeconds'],
  },
  {
    figure: (f) => `CSV of one prompt's AI responses in the same report, every page (${whole(f.csvExportAiResponsesItems)} runs, ${twoDigits(f.csvExportAiResponsesMegabytes)} MB)`,
    geolens: (f) => `${twoDigits(f.csvExportAiResponsesSeconds)} s (first byte ${whole(f.csvExportAiResponsesFirstByteMs)} ms), ${twoDigits(f.csvExportAiResponsesServerCpuSeconds)} s of server CPU, peak RSS ${whole(f.csvExportAiResponsesServerPeakRssMegabytes)} MB (${whole(f.csvExportAiResponsesServerRssBeforeMegabytes)} MB before)`,
    floor: (f) => `the JSON list in ${whole(f.csvExportAiResponsesFloorJsonPagesRequests)} pages, one after another: ${twoDigits(f.csvExportAiResponsesFloorJsonPagesSeconds)} s, ${twoDigits(f.csvExportAiResponsesFloorJsonPagesServerCpuSeconds)} s of server CPU, peak RSS ${whole(f.csvExportAiResponsesFloorJsonPagesServerPeakRssMegabytes)} MB`,
    ratio: (f) => `time ${twoDigits(f.csvExportAiResponsesTimeToFloor)}`,
    aim: 'streamed, never every item in memory',
    needs: ['csvExportAiResponsesSeconds'],
  },
  {
    figure: (f) => `a gzip bomb of ${twoDigits(f.gzipBombMegabytes)} MB (${whole(f.gzipBombInflatedMegabytes)} MB inflated) uploaded to \`serve\`, measured from outside`,
    geolens: (f) => `${f.gzipBombRefusedStatus} in ${twoDigits(f.gzipBombAnswerSeconds)} s: ${twoDigits(f.gzipBombServerCpuSeconds)} s of server CPU, peak RSS during the upload ${whole(f.gzipBombServerPeakRssMegabytes)} MB`,
    floor: (f) => `zlib inflating it to the 1 GB limit: ${twoDigits(f.gzipBombFloorInflateToLimitCpuSeconds)} s of CPU; the server's RSS before: ${whole(f.gzipBombServerRssBeforeMegabytes)} MB (its peak while starting: ${whole(f.gzipBombServerStartupPeakRssMegabytes)} MB)`,
    ratio: (f) => `CPU ${twoDigits(f.gzipBombServerCpuToFloorRatio)}`,
    aim: '413 within 3 s of CPU, peak RSS < 300 MB',
    needs: ['gzipBombServerCpuSeconds'],
  },
  {
    figure: (f) => `webhook deliveries to a local receiver (${whole(f.webhookDeliveries)}, 4 at once), scheduled to delivered in the read model`,
    geolens: (f) => `${whole(f.webhookDeliveriesPerSecond)} deliveries/s`,
    floor: (f) => `bare node:http POST of the same body, 4 at once: ${whole(f.webhookFloorBarePostsPerSecond)} POSTs/s`,
    ratio: (f) => twoDigits(f.webhookRatioToFloor),
    aim: '—',
    needs: ['webhookDeliveriesPerSecond'],
  },
  {
    figure: (f) => `alert evaluation of a day's runs (${whole(f.alertsEvaluateRunsPerDay)} of the ${whole(f.alertsRuns)}-run report), one watch of each of the ${f.alertsWatches} kinds, nothing raised`,
    geolens: (f) => `median ${f.alertsEvaluateDayMedianMs} ms, p95 ${f.alertsEvaluateDayP95Ms} ms (${whole(f.alertsEvaluateMsPer1000Runs)} ms per 1,000 runs of the day)`,
    floor: (f) => `bare better-sqlite3 reading and parsing the rows it rests on (the report days of both windows and the day's runs, ${whole(f.alertsFloorRowsRead)} rows): ${f.alertsFloorSqliteReadMs} ms`,
    ratio: (f) => twoDigits(f.alertsRatioToFloor),
    aim: '— (issue 25: printed)',
    needs: ['alertsEvaluateDayMedianMs'],
  },
  {
    figure: (f) => `\`serve\` under ${whole(f.soakMinutes)} minutes of mixed load from another process (${whole(f.soakRequests)} requests, ${whole(f.soak5xxAnswers)} 5xx), RSS each minute`,
    geolens: (f) => `RSS ${whole(f.soakRssStartMegabytes)} MB at start, ${whole(f.soakRssSettledMegabytes)} MB at minute ${f.soakSettledMinute}, ${whole(f.soakRssEndMegabytes)} MB at the end (peak ${whole(f.soakRssPeakMegabytes)} MB): growth after minute ${f.soakSettledMinute} ${f.soakGrowthAfterSettledPercent} % (of the medians of five samples around each: ${f.soakGrowthAfterSettledOfMediansPercent} %)`,
    floor: (f) => `bare node:http under the same load for ${f.soakFloorMinutes} minutes: RSS ${whole(f.soakFloorRssMegabytes)} MB`,
    ratio: (f) => `RSS ${twoDigits(f.soakRssRatioToFloor)}`,
    aim: 'growth after the first ten minutes < 10 %',
    needs: ['soakGrowthAfterSettledPercent'],
  },
  {
    figure: () => 'share page of the demo report, first load in Chromium (navigation to the load event)',
    geolens: (f) => `median ${whole(f.sharePageFirstLoadMs)} ms (cold ${whole(f.sharePageFirstLoadColdMs)} ms)`,
    floor: (f) => `the same bytes from bare node:http: ${whole(f.sharePageFloorBareServerMs)} ms`,
    ratio: (f) => twoDigits(f.sharePageRatioToFloor),
    aim: '—',
    needs: ['sharePageFirstLoadMs'],
  },
  {
    figure: () => 'PDF of the demo report, `GET /share/{token}/report.pdf`',
    geolens: (f) => `median ${whole(f.reportPdfMs)} ms (cold, launching the browser: ${whole(f.reportPdfColdMs)} ms)`,
    floor: (f) => `Playwright printing the same HTML in a running browser: ${whole(f.reportPdfFloorPlaywrightPrintMs)} ms`,
    ratio: (f) => twoDigits(f.reportPdfRatioToFloor),
    aim: '—',
    needs: ['reportPdfMs'],
  },
  {
    figure: () => 'start of the compiled CLI (medians of five interleaved runs): `geolens --help`; `team create` (opens the stores); `serve` until `/v1/health` answers',
    geolens: (f) => `${f.startHelpMs} ms; ${f.startTeamCreateMs} ms (${f.startTeamCreateRatioToNode} ×); ${f.startServeHealthMs} ms (${f.startServeHealthRatioToNode} ×)`,
    floor: (f) => `\`node -e 0\`: ${f.startNodeMs} ms`,
    ratio: (f) => twoDigits(f.startHelpRatioToNode),
    aim: '--help ≤ 4',
    needs: ['startHelpMs'],
  },
  calibrationRow(1),
  calibrationRow(3),
  calibrationRow(7),
];

/** Issue 14's table, with the rows whose benchmarks ran. */
function printTable(figures: Figures): void {
  const rows = [...TABLE, ...VIEW_ROWS].filter(({ needs }) => needs.every((name) => name in figures));
  if (rows.length === 0) return;
  process.stdout.write('\n| figure | geolens | floor, same run | ratio | aim |\n|---|---|---|---|---|\n');
  for (const row of rows) {
    process.stdout.write(`| ${row.figure(figures)} | ${row.geolens(figures)} | ${row.floor(figures)} | ${row.ratio(figures)} | ${row.aim} |\n`);
  }
}

async function main(): Promise<void> {
  const selected = process.argv.slice(2);
  const unknown = selected.filter((name) => !(name in BENCHES));
  if (unknown.length > 0) {
    process.stderr.write(`error: unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}\n`);
    process.exit(2);
  }
  // The soak takes an hour: it runs when named.
  const names = selected.length > 0 ? selected : Object.keys(BENCHES).filter((name) => name !== 'soak');
  const all: Figures = {};
  for (const name of names) {
    process.stdout.write(`\n${name}\n`);
    const figures = await BENCHES[name]!();
    Object.assign(all, figures);
    for (const [figure, value] of Object.entries(figures)) {
      const aim = AIMS[figure] ? `   (aim ${AIMS[figure]})` : '';
      process.stdout.write(`  ${figure.padEnd(44)} ${format(value).padStart(14)}${aim}\n`);
    }
  }
  printTable(all);
}

await main();
