import { z } from 'zod';
import { brandReportCollection, type BrandReportDoc } from '../../../projections/brandReports/reader.js';
import type { Services } from '../../shared/services.js';
import { tagSchema } from '../../tags/resource.js';
import { reportTags } from '../edit/queries.js';
import { promptMetrics } from './promptMetrics.js';
import { historyReader } from '../../../projections/reportHistory/reader.js';
import { readableReport, requireReportPrompt } from './history.js';
import type { Window } from '../../shared/window.js';

const sentimentSchema = z.object({ positive: z.number(), neutral: z.number(), negative: z.number(), nss: z.number() });

export const promptDetailSchema = z
  .object({
    id: z.string(),
    reportId: z.string(),
    prompt: z.string(),
    intentVolume: z.number(),
    brandCoverageHistory: z.array(z.object({ brand: z.string(), coverage: z.number(), date: z.string() })),
    brandRank: z.array(
      z.object({ brand: z.string(), rank: z.number(), mentions: z.number(), brandCoverage: z.number(), sentiment: sentimentSchema }),
    ),
    domainCategories: z.array(z.object({ category: z.string(), value: z.number() })),
    brandReports: z.array(z.object({ id: z.string(), brand: z.string(), brandDomain: z.string(), reportTitle: z.string() })),
    tags: z.array(tagSchema),
  })
  .meta({ id: 'PromptDetail' });

export type PromptDetail = z.output<typeof promptDetailSchema>;

/** The readable reports that track the prompt, for the detail's `brandReports`. */
async function reportsOfPrompt(services: Services, report: BrandReportDoc, promptId: string): Promise<PromptDetail['brandReports']> {
  const reports = await brandReportCollection(services.readModels);
  const holding = await reports.find({ workspaceId: report.workspaceId, 'prompts.promptId': promptId }, { sort: { createdDate: 1 } });
  return holding.map(({ _id, brand, brandDomain, reportTitle }) => ({ id: _id, brand, brandDomain, reportTitle }));
}

export async function getPromptDetail(
  services: Services,
  report: BrandReportDoc,
  promptId: string,
  window: Window & { engines?: readonly string[] | undefined; version?: number | undefined },
): Promise<PromptDetail> {
  const { version, detection } = await readableReport(services, report, window.version);
  const prompt = await requireReportPrompt(services, report, promptId);
  const engines = window.engines ? new Set(window.engines) : undefined;
  const metrics = promptMetrics(await historyReader(services.readModels).promptDayTotals(version, window, promptId, detection.brands, engines), detection);
  return {
    id: promptId,
    reportId: report._id,
    prompt: prompt.text,
    intentVolume: prompt.intentVolume ?? 0,
    ...metrics,
    brandReports: await reportsOfPrompt(services, report, promptId),
    tags: await reportTags(services, [promptId]),
  };
}
