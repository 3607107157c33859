import { z } from 'zod';
import { utcDay } from '../../../domain/shared/days.js';
import type { BrandReportDoc } from '../../../projections/brandReports/reader.js';
import { runCollection } from '../../../projections/runs/reader.js';
import type { Services } from '../../shared/services.js';

/** How far today's runs of a report's prompts have come: a new report's screens follow it until figures exist. */
export const todaysRunsSchema = z
  .object({
    day: z.string().describe('Today (UTC)'),
    planned: z.number().int().describe("Runs today's plan holds: each of the report's prompts on each engine serving its country"),
    recorded: z.number().int().describe('Of them, answered and recorded so far'),
    failed: z.number().int().describe('Of them, recorded as failed'),
  })
  .describe("Today's runs of the report's prompts: a report created today has its first figures once recorded > 0");

export type TodaysRuns = z.output<typeof todaysRunsSchema>;

export async function todaysRuns(services: Services, report: BrandReportDoc): Promise<TodaysRuns> {
  const day = utcDay(services.clock.now());
  const planned = report.prompts.reduce((sum, { country }) => sum + services.engines.filter(({ countries }) => countries.includes(country)).length, 0);
  const runs = await runCollection(services.readModels);
  const promptIds = report.prompts.map(({ promptId }) => promptId);
  const today = { promptId: { $in: promptIds }, day };
  const [recorded, failed] = await Promise.all([runs.countDocuments({ ...today, state: 'completed' }), runs.countDocuments({ ...today, state: 'failed' })]);
  return { day, planned, recorded, failed };
}
