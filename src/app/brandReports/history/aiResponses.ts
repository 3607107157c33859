import { z } from 'zod';
import type { BrandReportDoc } from '../../../projections/brandReports/reader.js';
import { replicateOf, type RunSource } from '../../../domain/run/events.js';
import { analyzeRun, type CompiledDetection } from '../../../domain/analysis/index.js';
import { runCollection, withAnswers, type RunWithAnswer } from '../../../projections/runs/reader.js';
import type { Services } from '../../shared/services.js';
import { newestFirstPage, newestFirstWindow, type CursorPaging, type ListRange, type ListWindow, type PageCursor } from '../../shared/paging.js';
import { readableReport, requireReportPrompt } from './history.js';
import type { Window } from '../../shared/window.js';

export const AI_RESPONSES_LIST = 'aiResponses';

export const aiResponseSchema = z
  .object({
    runId: z.string(),
    runDate: z.string(),
    engine: z.string(),
    replicate: z
      .number()
      .int()
      .nonnegative()
      .nullable()
      .describe("Which of the day's runs of this prompt and engine it is (0-based); null for an imported run that gave none"),
    state: z.enum(['completed', 'failed']),
    content: z.string(),
    overviewAvailable: z.boolean(),
    brandMentions: z.array(z.object({ brand: z.string(), isMainBrand: z.boolean(), mentions: z.number() })),
    citations: z.array(z.object({ title: z.string(), link: z.string(), rank: z.number() })),
    ads: z.array(z.object({ title: z.string(), url: z.string(), image: z.string(), brand: z.string(), position: z.number() })),
    shopping: z.array(
      z.object({
        title: z.string(),
        image: z.string(),
        link: z.string(),
        tag: z.string(),
        position: z.number(),
        price: z.string(),
        rating: z.number().nullable(),
      }),
    ),
    webSearchQuery: z.array(z.string()),
  })
  .meta({ id: 'AiResponseRun' });

export type AiResponse = z.output<typeof aiResponseSchema>;

/** A run as listed; `brandMentions` is computed now with the report's active detection settings. */
function aiResponse(run: RunWithAnswer, detection: CompiledDetection): AiResponse {
  const mentioned = run.state === 'completed' ? analyzeRun(run.content, detection).brands.filter(({ mentions }) => mentions > 0) : [];
  return {
    runId: run._id,
    runDate: run.runDate,
    engine: run.engine,
    // Documents written before replicates existed name none: a scheduled run then was replicate 0.
    replicate: run.replicate === undefined ? replicateOf({ source: run.source as RunSource }) : run.replicate,
    state: run.state,
    content: run.content,
    overviewAvailable: run.overviewAvailable,
    brandMentions: mentioned.map(({ brand, isMainBrand, mentions }) => ({ brand, isMainBrand, mentions })),
    citations: run.citations,
    ads: run.ads,
    shopping: run.shopping,
    webSearchQuery: run.webSearchQuery,
  };
}

export interface AiResponsesQuery extends Window {
  engine?: string | undefined;
  engines?: readonly string[] | undefined;
  cursor?: PageCursor | undefined;
}

/** `engine` and `engines` both narrow: a run must be of the one and among the others. */
function engineFilter({ engine, engines }: AiResponsesQuery) {
  if (engines === undefined) return engine ? { engine } : {};
  const allowed = engine ? engines.filter((candidate) => candidate === engine) : engines;
  return { engine: { $in: [...allowed] } };
}

async function readableRuns(services: Services, report: BrandReportDoc, promptId: string, query: AiResponsesQuery) {
  const { detection } = await readableReport(services, report);
  await requireReportPrompt(services, report, promptId);
  const runs = await runCollection(services.readModels);
  const filter = { promptId, country: query.country, day: { $gte: query.startDate, $lte: query.endDate }, ...engineFilter(query) };
  return { runs, filter, detection };
}

export async function listAiResponses(
  services: Services,
  report: BrandReportDoc,
  promptId: string,
  query: AiResponsesQuery,
): Promise<{ items: AiResponse[]; paging: CursorPaging }> {
  const { runs, filter, detection } = await readableRuns(services, report, promptId, query);
  const page = await newestFirstPage(runs, AI_RESPONSES_LIST, filter, query.cursor);
  const answered = await withAnswers(services.eventStore, page.documents);
  return { items: answered.map((run) => aiResponse(run, detection)), paging: page.paging };
}

export async function aiResponsesWindow(
  services: Services,
  report: BrandReportDoc,
  promptId: string,
  query: AiResponsesQuery,
  range: ListRange,
): Promise<ListWindow<AiResponse>> {
  const { runs, filter, detection } = await readableRuns(services, report, promptId, query);
  const window = await newestFirstWindow(runs, filter, range);
  const answered = await withAnswers(services.eventStore, window.items);
  return { items: answered.map((run) => aiResponse(run, detection)), totalCount: window.totalCount };
}
