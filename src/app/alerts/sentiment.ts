import { negativeSentences, type BrandSentence } from '../../domain/alerts/evaluate.js';
import { brandSentences, compileDetection } from '../../domain/analysis/index.js';
import type { BrandReportDoc } from '../../projections/brandReports/reader.js';
import type { ReportVersionDoc } from '../../projections/reportHistory/reader.js';
import { runCollection, withAnswers } from '../../projections/runs/reader.js';
import type { Services } from '../shared/services.js';
import type { AlertCandidate } from './candidates.js';
import type { Watch } from './resource.js';

/** Quoted in an alert's evidence at most; the statistics count them all. */
const QUOTED_SENTENCES = 20;

/** The sentences about the main brand in the version's completed runs of `day` on the watch's engines. */
async function daySentences(services: Services, version: ReportVersionDoc, day: string, engines: readonly string[] | null): Promise<{ runs: number; sentences: BrandSentence[] }> {
  const detection = compileDetection(version.detection);
  const recorded = (await (await runCollection(services.readModels)).find({ promptId: { $in: version.promptIds }, day })).filter(
    ({ state, engine }) => state === 'completed' && (engines === null || engines.includes(engine)),
  );
  const runs = await withAnswers(services.eventStore, recorded);
  const sentences = runs.flatMap(({ _id, promptId, content }) =>
    brandSentences(content, detection)
      .filter(({ brandIndex }) => brandIndex === 0)
      .map(({ text, sentiment }) => ({ runId: _id, promptId, text, sentiment })),
  );
  return { runs: runs.length, sentences };
}

/** `negative_sentiment`: the sentences about the brand classified negative on the current window's newest day. */
export async function sentimentAlerts(services: Services, report: BrandReportDoc, version: ReportVersionDoc, watches: readonly Watch[], latestDayOf: (watch: Watch) => string | null): Promise<AlertCandidate[]> {
  const candidates: AlertCandidate[] = [];
  for (const watch of watches.filter(({ kind }) => kind === 'negative_sentiment')) {
    const day = latestDayOf(watch);
    if (day === null) continue;
    const { runs, sentences } = await daySentences(services, version, day, watch.engines);
    const negative = negativeSentences(sentences);
    if (negative.length === 0) continue;
    const title = `${negative.length} negative ${negative.length === 1 ? 'sentence' : 'sentences'} about ${report.brand} on ${day}`;
    const statistics = { runs, sentences: sentences.length, negativeSentences: negative.length };
    candidates.push({ reportId: report._id, watchId: watch.id, kind: watch.kind, date: day, title, statistics, evidence: { engines: watch.engines, sentences: negative.slice(0, QUOTED_SENTENCES) } });
  }
  return candidates;
}
