import { z } from 'zod';
import type { BrandReportDoc } from '../../../projections/brandReports/reader.js';
import { domainOwner, nameMatchesDomain, type CompiledDetection } from '../../../domain/analysis/index.js';
import { addDays, utcDay } from '../../../domain/shared/days.js';
import { historyReader } from '../../../projections/reportHistory/reader.js';
import type { Services } from '../../shared/services.js';
import { readableReport } from '../history/history.js';
import { competitorSchema } from '../resource.js';
import { suggestedNames, type SuggestedName } from './suggestedNames.js';

/** Suggestions come from the answers of the last 30 days. */
const SUGGESTION_DAYS = 30;

export const competitorSuggestionsSchema = z.object({ items: z.array(competitorSchema) }).meta({ id: 'CompetitorSuggestions' });

export type CompetitorSuggestions = z.output<typeof competitorSuggestionsSchema>;

/** The domain a suggestion gets: the one written beside it, else the most cited domain that matches its name. */
function suggestedDomain(name: SuggestedName, citedDomains: readonly string[], detection: CompiledDetection): string {
  if (name.linkedDomain !== '' && domainOwner(name.linkedDomain, detection) === null) return name.linkedDomain;
  return citedDomains.find((domain) => domainOwner(domain, detection) === null && nameMatchesDomain(name.name, domain)) ?? '';
}

/**
 * Names in the report's answers of the last 30 days (every country) that are neither the brand nor a
 * competitor, ranked by the number of runs naming them, in the competitor shape.
 */
export async function suggestCompetitors(services: Services, report: BrandReportDoc, limit: number): Promise<CompetitorSuggestions> {
  const { version, detection } = await readableReport(services, report);
  const today = utcDay(services.clock.now());
  const mentions = await historyReader(services.readModels).mentionsEveryCountry(version, addDays(today, 1 - SUGGESTION_DAYS), today);
  const { citedDomains } = mentions;
  const names = suggestedNames(mentions.names).slice(0, limit);
  return {
    items: names.map((name) => ({
      brand: name.name,
      brandVariations: [],
      brandDomain: suggestedDomain(name, citedDomains, detection),
      brandDomainVariations: [],
      brandDomainWildcard: false,
      brandRegex: null,
    })),
  };
}
