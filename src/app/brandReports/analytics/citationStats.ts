import { z } from 'zod';
import type { BrandReportDoc } from '../../../projections/brandReports/reader.js';
import { DOMAIN_CATEGORIES, domainCategory, domainOwner } from '../../../domain/analysis/index.js';
import type { Services } from '../../shared/services.js';
import { historyReader } from '../../../projections/reportHistory/reader.js';
import { analyticsScope, historyFilter, type AnalyticsQuery } from '../history/analyticsScope.js';

const TOP_DOMAINS = 20;
const TOP_URLS = 20;
const TOP_BRAND_URLS = 10;

const share = z.number().describe('Fraction of all citations of the window, 0..1');
const domainCitationsSchema = z.object({ current: z.number().int(), total: z.number().int(), citationShare: share });

export const citationStatsSchema = z
  .object({
    domainRank: z.object({
      citations: z.array(z.object({ domain: z.string(), rank: z.number().int(), citations: z.number().int(), logoUrl: z.string(), citationShare: share, main: z.boolean() })),
    }),
    domainCitations: domainCitationsSchema.extend({
      mostCitedUrls: z.array(z.object({ url: z.string(), rank: z.number().int(), currentCitations: z.number().int(), citationShare: share })),
    }),
    citations: z.array(z.object({ url: z.string(), rank: z.number().int(), currentCitations: z.number().int(), logoUrl: z.string(), citationShare: share })),
    competitors: z.array(z.object({ brandDomain: z.string(), domainCitations: domainCitationsSchema })),
    categories: z.array(z.object({ category: z.enum(DOMAIN_CATEGORIES), citations: z.number().int(), share })),
  })
  .meta({ id: 'CitationStats' });

export type CitationStats = z.output<typeof citationStatsSchema>;

const logoUrl = (domain: string): string => `https://${domain}/favicon.ico`;

/** Most cited first, then by name; ranks 1-based. */
function ranked(counts: ReadonlyMap<string, number>, limit: number): { key: string; rank: number; citations: number }[] {
  return [...counts]
    .sort(([left, leftCount], [right, rightCount]) => rightCount - leftCount || (left < right ? -1 : left > right ? 1 : 0))
    .slice(0, limit)
    .map(([key, citations], index) => ({ key, rank: index + 1, citations }));
}

const add = (counts: Map<string, number>, key: string, count: number) => counts.set(key, (counts.get(key) ?? 0) + count);

/** Top domains and URLs, the brand's and each competitor's share of all citations, and the categories. */
export async function getBrandReportCitationStats(services: Services, report: BrandReportDoc, query: AnalyticsQuery): Promise<CitationStats> {
  const scope = await analyticsScope(services, report, query);
  const { detection } = scope;
  const byUrl = new Map<string, number>();
  const domainOfUrl = new Map<string, string>();
  for (const { url, domain, byEngine } of scope.prompts.length === 0 ? [] : await historyReader(services.readModels).citationCounts(scope.version, scope.window, historyFilter(scope), { daily: false })) {
    add(byUrl, url, [...byEngine.values()].reduce((sum, count) => sum + count, 0));
    domainOfUrl.set(url, domain);
  }
  const byDomain = new Map<string, number>();
  const byOwner = new Map<number, Map<string, number>>();
  const byCategory = new Map<string, number>();
  for (const [url, citations] of byUrl) {
    const domain = domainOfUrl.get(url) ?? '';
    add(byDomain, domain, citations);
    add(byCategory, domainCategory(domain, detection), citations);
    const owner = domainOwner(domain, detection);
    if (owner === null) continue;
    const ownerUrls = byOwner.get(owner) ?? new Map<string, number>();
    byOwner.set(owner, add(ownerUrls, url, citations));
  }
  const total = [...byUrl.values()].reduce((sum, count) => sum + count, 0);
  const shareOf = (count: number) => (total === 0 ? 0 : count / total);
  const ownerCitations = (owner: number) => {
    const current = [...(byOwner.get(owner)?.values() ?? [])].reduce((sum, count) => sum + count, 0);
    return { current, total, citationShare: shareOf(current) };
  };
  return {
    domainRank: {
      citations: ranked(byDomain, TOP_DOMAINS).map(({ key, rank, citations }) => ({
        domain: key, rank, citations, logoUrl: logoUrl(key), citationShare: shareOf(citations), main: domainOwner(key, detection) === 0,
      })),
    },
    domainCitations: {
      ...ownerCitations(0),
      mostCitedUrls: ranked(byOwner.get(0) ?? new Map(), TOP_BRAND_URLS).map(({ key, rank, citations }) => ({ url: key, rank, currentCitations: citations, citationShare: shareOf(citations) })),
    },
    citations: ranked(byUrl, TOP_URLS).map(({ key, rank, citations }) => ({
      url: key, rank, currentCitations: citations, logoUrl: logoUrl(domainOfUrl.get(key) ?? ''), citationShare: shareOf(citations),
    })),
    competitors: scope.version.detection.competitors.map(({ brandDomain }, index) => ({ brandDomain, domainCitations: ownerCitations(index + 1) })),
    categories: DOMAIN_CATEGORIES.map((category) => ({ category, citations: byCategory.get(category) ?? 0, share: shareOf(byCategory.get(category) ?? 0) })),
  };
}
