import type { z } from 'zod';
import type { BrandReportStats } from '../brandReports/analytics/statsSchema.js';
import type { CitationStats } from '../brandReports/analytics/citationStats.js';
import type { reportPromptListSchema } from '../brandReports/analytics/reportPrompts.js';

/** The figures a report page (share page, PDF, report e-mail) shows: three answers of one window. */
export interface ShareFigures {
  window: { startDate: string; endDate: string; country: string; engines: string[] | null };
  stats: BrandReportStats;
  prompts: z.output<typeof reportPromptListSchema>;
  citations: CitationStats;
}
