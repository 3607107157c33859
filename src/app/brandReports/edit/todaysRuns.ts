import { z } from 'zod';
import { utcDay } from '../../../domain/shared/days.js';
import type { BrandReportDoc } from '../../../projections/brandReports/reader.js';
import { replicateStart, runsPerDayOn } from '../../../domain/workspace/runsPerDay.js';
import { workspaceRuns } from '../../../projections/directory/reader.js';
import { runCollection } from '../../../projections/runs/reader.js';
import { directoryCollection } from '../../shared/directory.js';
import type { Services } from '../../shared/services.js';

/** How far today's runs of a report's prompts have come: a new report's screens follow it until figures exist. */
export const todaysRunsSchema = z
  .object({
    day: z.string().describe('Today (UTC)'),
    planned: z
      .number()
      .int()
      .describe("Runs today's plan holds so far: each of the report's prompts on each engine serving its country, once for each of the day's replicates started by now"),
    recorded: z.number().int().describe('Of them, answered and recorded so far'),
    failed: z.number().int().describe('Of them, recorded as failed'),
  })
  .describe("Today's runs of the report's prompts: a report created today has its first figures once recorded > 0");

export type TodaysRuns = z.output<typeof todaysRunsSchema>;

export async function todaysRuns(services: Services, report: BrandReportDoc): Promise<TodaysRuns> {
  const day = utcDay(services.clock.now());
  const now = services.clock.now();
  const workspace = await (await directoryCollection(services, 'workspaces')).findOne({ _id: report.workspaceId });
  const runsPerDay = workspace ? runsPerDayOn(workspaceRuns(workspace), day) : 1;
  const started = Array.from({ length: runsPerDay }, (_, replicate) => replicateStart(day, replicate, runsPerDay)).filter((start) => start <= now.getTime()).length;
  const planned = started * report.prompts.reduce((sum, { country }) => sum + services.engines.filter(({ countries }) => countries.includes(country)).length, 0);
  const runs = await runCollection(services.readModels);
  const promptIds = report.prompts.map(({ promptId }) => promptId);
  const today = { promptId: { $in: promptIds }, day };
  const [recorded, failed] = await Promise.all([runs.countDocuments({ ...today, state: 'completed' }), runs.countDocuments({ ...today, state: 'failed' })]);
  return { day, planned, recorded, failed };
}
