import { z } from 'zod';
import { countryCodeSchema } from '../../domain/shared/countries.js';
import { dayCount } from '../../domain/shared/days.js';
import { engineSchema } from '../../domain/shared/engines.js';

/** `YYYY-MM-DD` or a full ISO timestamp; only the date part is used. */
export const dateParameterSchema = z
  .string()
  .min(1)
  .refine((text) => /^\d{4}-\d{2}-\d{2}$/.test(text) || z.iso.datetime({ offset: true }).safeParse(text).success, {
    message: 'Expected a date YYYY-MM-DD or an ISO 8601 timestamp',
  })
  .transform((text) => text.slice(0, 10))
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), {
    message: 'Not a calendar date',
  });

export const MAX_WINDOW_DAYS = 366;


/** The window fields of a query, with their rules: start not after end, at most 366 days. */
export const windowFields = {
  startDate: dateParameterSchema.describe('Window start (inclusive), YYYY-MM-DD or ISO timestamp'),
  endDate: dateParameterSchema.describe('Window end (inclusive), YYYY-MM-DD or ISO timestamp'),
  country: countryCodeSchema.describe('Lowercase ISO 3166-1 alpha-2; uk for the United Kingdom'),
};

type WindowInput = { startDate: string; endDate: string };

/** Refinement for a query object holding `windowFields`. */
export function checkWindow(query: WindowInput, context: z.RefinementCtx): void {
  const days = dayCount(query.startDate, query.endDate);
  if (days < 1) context.addIssue({ code: 'custom', path: ['startDate'], message: 'startDate must not be after endDate' });
  else if (days > MAX_WINDOW_DAYS) context.addIssue({ code: 'custom', path: ['endDate'], message: `The window may span at most ${MAX_WINDOW_DAYS} days` });
}

export interface Window {
  startDate: string;
  endDate: string;
  country: string;
}

/** `engines` (repeatable in a query string): only runs of these engines. */
export const enginesFilterSchema = z
  .array(engineSchema)
  .min(1)
  .optional()
  .describe('Only runs of these engines; repeat the parameter for several, or give them comma-separated (engines=chatgpt,perplexity)');
