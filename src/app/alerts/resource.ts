import { z } from 'zod';
import { watchKindSchema } from '../../domain/alerts/schema.js';
import { engineSchema } from '../../domain/shared/engines.js';
import type { AlertDoc, WatchDoc } from '../../projections/alerts/reader.js';

/** A watch as the API answers it. */
export const watchSchema = z
  .object({
    id: z.string().min(1),
    reportId: z.string().min(1),
    kind: watchKindSchema,
    engines: z.array(engineSchema).nullable().describe('Engines whose runs are counted; null: every engine'),
    threshold: z.number().describe('Smallest change raised, in percentage points'),
    competitor: z.string().nullable().describe('The competitor watched by competitor_surge; null: every competitor'),
    createdDate: z.iso.datetime(),
  })
  .meta({ id: 'Watch' });

/** An alert with the figures that raised it. */
export const alertSchema = z
  .object({
    id: z.string().min(1),
    reportId: z.string().min(1),
    watchId: z.string().min(1),
    kind: watchKindSchema,
    date: z.string().describe("The current window's last day (YYYY-MM-DD); at most one alert per watch and date"),
    title: z.string(),
    statistics: z
      .record(z.string(), z.unknown())
      .describe(
        'For coverage_drop, coverage_rise and competitor_surge: {test: "two-proportion z", z, pValue, current and baseline: {from, to, runs, mentionedRuns, coverage}, change, threshold} (coverage and change in percent)',
      ),
    evidence: z.record(z.string(), z.unknown()).describe('What the alert rests on: runs, prompts, sentences or the robots rule'),
    createdDate: z.iso.datetime(),
  })
  .meta({ id: 'Alert' });

export type Watch = z.output<typeof watchSchema>;
export type Alert = z.output<typeof alertSchema>;

export const toWatch = ({ _id, reportId, kind, engines, threshold, competitor, createdDate }: WatchDoc): Watch => ({
  id: _id,
  reportId,
  kind,
  engines,
  threshold,
  competitor,
  createdDate,
});

export const toAlert = ({ _id, reportId, watchId, kind, date, title, statistics, evidence, createdDate }: AlertDoc): Alert => ({
  id: _id,
  reportId,
  watchId,
  kind,
  date,
  title,
  statistics,
  evidence,
  createdDate,
});
