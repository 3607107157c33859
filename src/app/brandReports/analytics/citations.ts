import { z } from 'zod';
import type { BrandReportDoc } from '../../../projections/brandReports/reader.js';
import { DOMAIN_CATEGORIES, domainCategory, domainOwner, withoutWww, type CompiledDetection } from '../../../domain/analysis/index.js';
import type { Services } from '../../shared/services.js';
import { historyReader, type UrlTally } from '../../../projections/reportHistory/reader.js';
import { analyticsScope, historyFilter, type AnalyticsQuery } from '../history/analyticsScope.js';
import { countedPage, countedPagingSchema, type SortOrder } from './listPaging.js';

export const CITATION_SORTS = ['citations', 'url', 'domain', 'brandMentioned'] as const;

export const citedUrlSchema = z
  .object({
    url: z.string(),
    domain: z.string(),
    title: z.string().describe('The latest title it was cited with'),
    citations: z.number().int(),
    prompts: z.array(z.object({ id: z.string(), brandMentioned: z.number().int(), engines: z.array(z.string()) })),
    isMyBrandDomain: z.boolean(),
    competitors: z.array(z.object({ brand: z.string() })).describe('Tracked competitors mentioned in the citing runs'),
    brandMentioned: z.number().int().describe('Citing runs that mention the brand'),
    domainCategory: z.enum(DOMAIN_CATEGORIES),
    share: z.number().describe('Its citations / all citations of the window (0..1)'),
  })
  .meta({ id: 'CitedUrl' });

export const citedUrlListSchema = z.object({
  items: z.array(citedUrlSchema),
  paging: countedPagingSchema,
  totalCitations: z.number().int().describe('All citations of the window after the engine and tag filters: the denominator of share'),
});

export type CitedUrl = z.output<typeof citedUrlSchema>;

export interface CitationListQuery extends AnalyticsQuery {
  search?: string | undefined;
  domains?: readonly string[] | undefined;
  domainCategories?: readonly (typeof DOMAIN_CATEGORIES)[number][] | undefined;
  brandMentioned?: boolean | undefined;
  competitors?: readonly string[] | undefined;
  sortBy: (typeof CITATION_SORTS)[number];
  sortOrder: SortOrder;
  limit: number;
  offset: number;
}

interface Listed {
  tally: UrlTally;
  category: CitedUrl['domainCategory'];
  competitors: string[];
}

function describeUrl(tally: UrlTally, detection: CompiledDetection): Listed {
  const competitors = detection.brands.slice(1).filter((_, index) => (tally.competitorMentionedRuns[index] ?? 0) > 0).map(({ brand }) => brand);
  return { tally, category: domainCategory(tally.domain, detection), competitors };
}

function matches(query: CitationListQuery): (listed: Listed) => boolean {
  const search = query.search?.toLowerCase();
  const domains = query.domains && new Set(query.domains.map((domain) => withoutWww(domain.toLowerCase())));
  const categories = query.domainCategories && new Set<string>(query.domainCategories);
  const competitors = query.competitors && new Set(query.competitors.map((name) => name.toLowerCase()));
  return ({ tally, category, competitors: mentioned }) =>
    (search === undefined || tally.url.toLowerCase().includes(search)) &&
    (!domains || domains.has(tally.domain)) &&
    (!categories || categories.has(category)) &&
    (query.brandMentioned === undefined || tally.brandMentionedRuns > 0 === query.brandMentioned) &&
    (!competitors || mentioned.some((brand) => competitors.has(brand.toLowerCase())));
}

const SORT_KEYS: Record<CitationListQuery['sortBy'], (listed: Listed) => number | string> = {
  citations: ({ tally }) => tally.citations,
  url: ({ tally }) => tally.url,
  domain: ({ tally }) => tally.domain,
  brandMentioned: ({ tally }) => tally.brandMentionedRuns,
};

function ordering(query: CitationListQuery): (left: Listed, right: Listed) => number {
  const key = SORT_KEYS[query.sortBy];
  const direction = query.sortOrder === 'asc' ? 1 : -1;
  return (left, right) => {
    const [a, b] = [key(left), key(right)];
    const primary = a < b ? -1 : a > b ? 1 : 0;
    return primary * direction || (left.tally.url < right.tally.url ? -1 : left.tally.url > right.tally.url ? 1 : 0);
  };
}

/**
 * One item per normalized URL cited in the window, filtered, sorted (ties by URL) and
 * paged; prompts are resolved for the page's URLs only.
 */
export async function listBrandReportCitations(services: Services, report: BrandReportDoc, query: CitationListQuery) {
  const scope = await analyticsScope(services, report, query);
  const tallies = scope.prompts.length === 0 ? new Map<string, UrlTally>() : await historyReader(services.readModels).urlTallies(scope.version, scope.window, historyFilter(scope));
  const allCitations = [...tallies.values()].reduce((sum, { citations }) => sum + citations, 0);
  const listed = [...tallies.values()].map((tally) => describeUrl(tally, scope.detection)).filter(matches(query)).sort(ordering(query));
  const page = countedPage(listed, query);
  const items: CitedUrl[] = page.items.map(({ tally, category, competitors }) => ({
    url: tally.url,
    domain: tally.domain,
    title: tally.title,
    citations: tally.citations,
    prompts: tally.prompts().map(({ id, brandMentioned, engines }) => ({ id, brandMentioned, engines })),
    isMyBrandDomain: domainOwner(tally.domain, scope.detection) === 0,
    competitors: competitors.map((brand) => ({ brand })),
    brandMentioned: tally.brandMentionedRuns,
    domainCategory: category,
    share: allCitations === 0 ? 0 : tally.citations / allCitations,
  }));
  return { items, paging: page.paging, totalCitations: allCitations };
}
