import { z } from 'zod';
import { DOMAIN_CATEGORIES } from '../../../../domain/analysis/index.js';
import { engineSchema } from '../../../../domain/shared/engines.js';

/** Every recommendation names the evidence it rests on, so a user can check it. */
const promptRef = z.object({ promptId: z.string(), prompt: z.string() });
const competitorRuns = z.object({ brand: z.string(), runs: z.number().int().describe('Runs of the evidence that mention it') });

const contentPartnershipData = z.object({
  url: z.string(),
  title: z.string(),
  domain: z.string(),
  domainCategory: z.enum(DOMAIN_CATEGORIES),
  mentionedCompetitors: z.array(z.string()),
  citations: z.number().int().describe('Citations of the URL in runs that mention a competitor and not the brand'),
  prompts: z.array(promptRef),
  country: z.string(),
  runIds: z.array(z.string()).describe('The runs that cited the URL, mentioned a competitor and not the brand'),
});

const contentGapData = z.object({
  promptId: z.string(),
  prompt: z.string(),
  country: z.string(),
  runs: z.number().int().describe("The prompt's runs in the window"),
  gapRuns: z.number().int().describe('Runs that mention a competitor and not the brand'),
  mentionedCompetitors: z.array(competitorRuns),
  runIds: z.array(z.string()).describe('The gap runs'),
});

const ownSiteCitationsData = z.object({
  promptId: z.string(),
  prompt: z.string(),
  country: z.string(),
  runs: z.number().int(),
  competitorDomains: z.array(z.object({ brand: z.string(), domain: z.string(), citations: z.number().int() })),
  urls: z.array(z.string()).describe("The competitors' cited URLs"),
  runIds: z.array(z.string()).describe("Runs citing a competitor's domain; none of the prompt's runs cites the brand's"),
});

const sentimentRiskData = z.object({
  promptId: z.string(),
  prompt: z.string(),
  country: z.string(),
  sentences: z.object({ positive: z.number().int(), neutral: z.number().int(), negative: z.number().int() }),
  negativeSentences: z.array(z.object({ runId: z.string(), engine: z.string(), runDate: z.string(), sentence: z.string() })),
});

const crawlerAccessData = z.object({
  domain: z.string(),
  url: z.string(),
  checkId: z.string(),
  checkedDate: z.string(),
  blockedCrawlers: z.array(z.string()).describe('Crawlers refused by robots.txt or answered with an error'),
});

const copySchema = z.object({ title: z.string(), headline: z.string(), reasoning: z.string(), suggestions: z.array(z.string()) });

const common = {
  id: z.string().describe('Stable for the same evidence'),
  engine: engineSchema
    .nullable()
    .describe("The engine whose answers hold most of the evidence (ties in the API's engine order), or the one asked for; null only when no run is evidence"),
  priority: z.number().int().min(1).max(10).describe('10 is the most urgent'),
  score: z.number().describe('Estimated impact: runs affected × the weight of the type'),
  state: z.literal('suggested'),
  status: z.literal('suggested').describe('Equal to state: clients of the real API read either'),
  copy: copySchema,
};

export const recommendationSchema = z
  .discriminatedUnion('type', [
    z.object({ ...common, type: z.literal('content_partnership_opportunities'), group: z.literal('off_page'), data: contentPartnershipData }),
    z.object({ ...common, type: z.literal('content_gap'), group: z.literal('on_page'), data: contentGapData }),
    z.object({ ...common, type: z.literal('own_site_citations'), group: z.literal('on_page'), data: ownSiteCitationsData }),
    z.object({ ...common, type: z.literal('sentiment_risk'), group: z.literal('reputation'), data: sentimentRiskData }),
    z.object({ ...common, type: z.literal('crawler_access'), group: z.literal('technical'), data: crawlerAccessData }),
  ])
  .meta({ id: 'Recommendation' });

export type Recommendation = z.output<typeof recommendationSchema>;
export type RecommendationType = Recommendation['type'];
export type RecommendationOf<Type extends RecommendationType> = Extract<Recommendation, { type: Type }>;
