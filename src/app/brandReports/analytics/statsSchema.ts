import { z } from 'zod';

/** Every coverage carries its runs, the runs that mention the brand and its 95 % Wilson interval. */
export const intervalSchema = z
  .object({ low: z.number(), high: z.number() })
  .meta({ id: 'CoverageInterval', description: '95 % Wilson score interval, in the unit of the coverage it belongs to' });

const coverageEvidence = {
  runs: z.number().int().describe('Completed runs in the window: the denominator of brandCoverage'),
  mentionedRuns: z.number().int().describe('Runs that mention the brand: the numerator of brandCoverage'),
  brandCoverageInterval: intervalSchema,
};

const sentimentSchema = z.object({ positive: z.number(), neutral: z.number(), negative: z.number(), nss: z.number() });

const historyBrand = { brand: z.string(), isMainBrand: z.boolean() };

const percent = (description: string) => z.number().describe(`${description}; percent, 0..100`);
const visibilityScore = percent('100 × the mean over the runs of 1/position, a run without the brand counting 0; at most brandCoverage');
const likelihoodToBuy = percent('Share of the runs that mention the brand in a positive sentence and in no negative one');
const logoUrl = z.string().nullable().describe('The favicon of the brand domain, {domain}/favicon.ico over HTTPS; null when the brand has no domain');

/** The five daily series of /stats (one entry per day with runs, tracked brands in report order). */
const seriesFields = {
  brandRankHistory: z.array(z.object({ date: z.string(), brands: z.array(z.object({ ...historyBrand, rank: z.number().int() })) })),
  brandCoverageHistory: z.array(
    z.object({ date: z.string(), brands: z.array(z.object({ ...historyBrand, coverage: z.number().describe('Percent, 0..100'), ...coverageEvidence })) }),
  ),
  brandPositionHistory: z.array(z.object({ date: z.string(), brands: z.array(z.object({ ...historyBrand, position: z.number().nullable() })) })),
  brandVisibilityIndex: z.array(
    z.object({
      date: z.string(),
      brands: z.array(z.object({ ...historyBrand, visibilityScore, brandCoverage: z.number().describe('Percent, 0..100'), likelihoodToBuy })),
    }),
  ),
  domainCoverageHistory: z.array(
    z.object({
      date: z.string(),
      domains: z.array(
        z.object({
          domain: z.string().describe("The brand's domain (brandDomain)"),
          brand: z.string(),
          isMainBrand: z.boolean(),
          logoUrl: z.string(),
          coverage: percent("Share of the day's runs citing one of the brand's domains"),
        }),
      ),
    }),
  ).describe('Tracked brands without a domain are left out'),
};

const competitorBrandSchema = z.object({
  brand: z.string(),
  domain: z.string().describe("The brand's domain; empty when it has none"),
  logoUrl,
  isMainBrand: z.boolean(),
  mentions: z.number().int(),
  shareOfVoice: z.number().describe('Percent, 0..100'),
  brandCoverage: z.number().describe('Percent, 0..100'),
  domainCoverage: percent("Share of the runs citing one of the brand's domains"),
  domainCitations: z.number().int().describe("Citations of the brand's domains"),
  averageRank: z.number().nullable().describe("Mean of the brand's daily rank over the days with runs; null without runs"),
  averagePosition: z.number().nullable(),
  visibilityScore,
  likelihoodToBuy,
  sentiment: sentimentSchema,
  ...coverageEvidence,
});

export const brandReportStatsSchema = z
  .object({
    id: z.string(),
    status: z
      .enum(['no_data', 'pending', 'failed', 'finished'])
      .describe("pending: the report's history is not built yet; failed: its latest rebuild failed; no_data: the window has no runs; else finished"),
    isRecalculating: z.boolean().describe("True while a newer version of the report's history is being built; the figures are the current version's"),
    totalPrompts: z.number().int(),
    brand: z.object({ brand: z.string(), brandDomain: z.string(), brandDomainWildcard: z.boolean() }),
    summary: z.object({
      averageRank: z.number().nullable().describe("Mean of the brand's daily rank over the days with runs"),
      averagePosition: z.number().nullable(),
      totalMentions: z.number().int().describe('Mentions of every tracked brand: the denominator of shareOfVoice'),
      totalSources: z.number().int().describe('Citations in the window'),
      shareOfVoice: z.number().describe('Percent, 0..100'),
      brandCoverage: z.number().describe('Percent, 0..100'),
      domainCoverage: z.number().describe("Percent of runs citing at least one of the brand's domains, 0..100"),
      mentions: z.number().int().describe('Mentions of the brand: the numerator of shareOfVoice'),
      domainCitedRuns: z.number().int().describe("Runs citing one of the brand's domains: the numerator of domainCoverage"),
      ...coverageEvidence,
    }),
    detectedBrands: z
      .array(z.object({ name: z.string(), mentions: z.number().int() }))
      .describe('Untracked names the answers put forward (competitor suggestions), most mentions first, at most 50'),
    allBrandsAnalysis: z.object({
      brandMentions: z.array(
        z.object({
          ...historyBrand,
          rank: z.number().int(),
          mentions: z.number().int(),
          shareOfVoice: z.number().describe('Percent, 0..100'),
          brandCoverage: z.number().describe('Percent, 0..100'),
          ...coverageEvidence,
          averagePosition: z.number().nullable(),
          sentiment: sentimentSchema,
          sentences: z
            .object({ positive: z.number().int(), neutral: z.number().int(), negative: z.number().int() })
            .describe('Sentences about the brand by sentiment: the counts behind the sentiment shares'),
        }),
      ),
      ...seriesFields,
    }),
    competitorBrandsAnalysis: z
      .object({ brandMentions: z.array(competitorBrandSchema).describe('Tracked brands in report order, main brand first'), ...seriesFields })
      .describe('The tracked brands (brand and competitors)'),
    engines: z.array(
      z.object({ engine: z.string(), brandCoverage: z.number().describe('Percent, 0..100'), ...coverageEvidence }),
    ),
  })
  .meta({ id: 'BrandReportStats' });

export type BrandReportStats = z.output<typeof brandReportStatsSchema>;
