import { z } from 'zod';

/** contract.md section 8: every coverage carries its runs, the runs that mention the brand and its 95 % Wilson interval. */
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

export const brandReportStatsSchema = z
  .object({
    id: z.string(),
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
    detectedBrands: z.array(z.object({ name: z.string(), mentions: z.number().int() })),
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
      brandRankHistory: z.array(z.object({ date: z.string(), brands: z.array(z.object({ ...historyBrand, rank: z.number().int() })) })),
      brandCoverageHistory: z.array(
        z.object({ date: z.string(), brands: z.array(z.object({ ...historyBrand, coverage: z.number().describe('Percent, 0..100'), ...coverageEvidence })) }),
      ),
      brandPositionHistory: z.array(z.object({ date: z.string(), brands: z.array(z.object({ ...historyBrand, position: z.number().nullable() })) })),
    }),
    engines: z.array(
      z.object({ engine: z.string(), brandCoverage: z.number().describe('Percent, 0..100'), ...coverageEvidence }),
    ),
  })
  .meta({ id: 'BrandReportStats' });

export type BrandReportStats = z.output<typeof brandReportStatsSchema>;
