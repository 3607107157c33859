import { z } from 'zod';
import { countryCodeSchema } from '../shared/countries.js';
import { CADENCES } from './cadence.js';

export const createReportScheduleFields = {
  cadence: z.enum(CADENCES).describe('weekly: Mondays; monthly: the 1st; at 07:00 UTC'),
  recipients: z
    .array(z.email())
    .min(1)
    .max(20)
    .transform((emails) => [...new Set(emails.map((email) => email.toLowerCase()))])
    .describe('1 to 20 e-mail addresses'),
  days: z.union([z.literal(7), z.literal(30), z.literal(90)], { error: 'days must be 7, 30 or 90' }).default(30).describe("The report's window: this many days ending on the day it is sent"),
  country: countryCodeSchema.optional().describe("Default the report's first country"),
};
