import { z } from 'zod';
import { REFERRAL_ENGINES, UNATTRIBUTABLE_SOURCES } from '../../domain/crawlers/referrers.js';
import { offsetPagingFields } from '../shared/paging.js';
import { agentPagingSchema, agentQueryFields, domainsField, windowAnswer } from './schemas.js';

export const referralEngineSchema = z
  .enum(REFERRAL_ENGINES)
  .describe('The AI assistant a visit came from: chatgpt, perplexity, gemini, copilot, claude, deepseek, meta, or other (You.com, Phind)')
  .meta({ id: 'AiReferralEngine' });

const count = z.number().int().min(0);

/** The window of agent analytics and the engines of referrals. */
export const referralQueryFields = {
  startDate: agentQueryFields.startDate,
  endDate: agentQueryFields.endDate,
  engines: z
    .array(referralEngineSchema)
    .min(1)
    .optional()
    .describe('Only referrals from these engines; repeat the parameter for several, or give them comma-separated (engines=chatgpt,perplexity)'),
};

export const referralListFields = { ...referralQueryFields, ...offsetPagingFields };

export const landingPageSchema = z
  .object({
    path: z.string().describe('The page, without query'),
    sessions: count.describe('Sessions that landed on the page (their first visit was to it)'),
    visits: count.describe('Referral visits to the page, first of a session or not'),
    engines: z.array(referralEngineSchema).describe('The engines of the sessions that landed on it'),
    citations: count.describe("Runs of the window whose citations name the page's URL on one of the report's domains (every engine, every country)"),
  })
  .meta({ id: 'AiReferralLandingPage' });

const engineTotalSchema = z.object({ engine: referralEngineSchema, visits: count, sessions: count.describe('Sessions whose landing visit came from the engine') });

const referralDaySchema = z.object({
  date: z.string().describe('YYYY-MM-DD (UTC)'),
  visits: count,
  sessions: count.describe('Sessions that began that day'),
  byEngine: z.partialRecord(referralEngineSchema, count).describe("Visits per engine of the filter, zeros included"),
});

export const referralsAnswerSchema = z
  .object({
    ...windowAnswer,
    domains: domainsField,
    visits: count.nullable().describe('Requests of people arriving from an AI answer: GET, 2xx or 3xx, a page, no bot'),
    sessions: count.nullable().describe('Visits of one client address and user agent with gaps under 30 minutes, counted on the day they began'),
    byEngine: z.array(engineTotalSchema).nullable().describe('Every engine of the filter, most visits first'),
    daily: z.array(referralDaySchema).nullable().describe('Only the days with visits'),
    landingPages: z.array(landingPageSchema).nullable().describe('At most 25, most sessions first; …/referrals/pages lists them all'),
    unattributable: z
      .array(z.enum(UNATTRIBUTABLE_SOURCES))
      .describe("AI answers not counted because their visits cannot be told from search: Google's AI Overviews and AI Mode refer as google.com"),
  })
  .meta({ id: 'AiReferrals' });

export const referralPagesAnswerSchema = z
  .object({ ...windowAnswer, items: z.array(landingPageSchema), paging: agentPagingSchema })
  .meta({ id: 'AiReferralLandingPages' });
