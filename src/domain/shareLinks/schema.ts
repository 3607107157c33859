import { z } from 'zod';
import { countryCodeSchema } from '../shared/countries.js';
import { engineSchema } from '../shared/engines.js';

export const SHARE_WINDOWS = [7, 30, 90] as const;

/** What a share link fixes: its window's length, its country and engines, when it expires, and a label. */
export const createShareLinkFields = {
  days: z
    .union([z.literal(7), z.literal(30), z.literal(90)], { error: 'days must be 7, 30 or 90' })
    .default(30)
    .describe('The window: this many days ending on the day the link is opened (7, 30 or 90; default 30)'),
  country: countryCodeSchema.optional().describe("The country shown; default the report's first country"),
  engines: z.array(engineSchema).min(1).optional().describe('Only runs of these engines; default every engine'),
  expiresAt: z.iso.datetime({ offset: true }).optional().describe('When the link stops working; default 30 days ahead, at most one year'),
  label: z.string().trim().min(1).max(200).optional().describe('A name for the link, shown in the list'),
};
