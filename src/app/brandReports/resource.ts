import { z } from 'zod';
import type { ActiveBrandReport } from '../../domain/brandReport/events.js';
import { countryPromptsTotal, defaultCountry, reportCountries, reportPromptIds } from '../../domain/brandReport/events.js';
import { tagSchema, type Tag } from '../tags/resource.js';

/** The response shapes of a brand report and a competitor, shared by REST and MCP. */
export const competitorSchema = z
  .object({
    brand: z.string(),
    brandVariations: z.array(z.string()),
    brandDomain: z.string(),
    brandDomainVariations: z.array(z.string()),
    brandDomainWildcard: z.boolean(),
    brandRegex: z.string().nullable(),
  })
  .meta({ id: 'Competitor' });

const listItemFields = {
  id: z.string().min(1),
  workspaceId: z.string().min(1).describe('Owning workspace; cannot be changed'),
  brand: z.string(),
  reportTitle: z.string(),
  brandVariations: z.array(z.string()),
  brandDomain: z.string(),
  brandDomainVariations: z.array(z.string()),
  brandDomainWildcard: z.boolean().describe('When true, subdomains of brandDomain count as the brand domain'),
  brandRegex: z.string().nullable().describe('Replaces brand and brandVariations in detection; null when unset'),
  countries: z.array(z.string()).describe('Countries of the assigned prompts, sorted; read-only'),
  defaultCountry: z
    .string()
    .nullable()
    .describe('The country the list and the overview show when none is asked for: the one with most of its prompts (ties: alphabetical); null without prompts; read-only'),
  createdDate: z.iso.datetime(),
  updatedDate: z.iso.datetime(),
  competitors: z.array(competitorSchema),
};

export const brandReportListItemSchema = z.object(listItemFields).meta({ id: 'BrandReportListItem' });

export const brandReportSchema = z
  .object({
    ...listItemFields,
    promptIds: z.array(z.string()).describe('Prompts assigned to the report, in assignment order'),
    countryPromptsTotal: z.record(z.string(), z.number().int()).describe("The report's own prompts per country; read-only"),
    tags: z.array(tagSchema).describe("Tags of the report's prompts, sorted by name; read-only"),
  })
  .meta({ id: 'BrandReport' });

export type BrandReportListItem = z.output<typeof brandReportListItemSchema>;
export type BrandReport = z.output<typeof brandReportSchema>;

export function brandReportListItem(report: ActiveBrandReport): BrandReportListItem {
  return {
    id: report.reportId,
    workspaceId: report.workspaceId,
    brand: report.brand,
    reportTitle: report.reportTitle,
    brandVariations: report.brandVariations,
    brandDomain: report.brandDomain,
    brandDomainVariations: report.brandDomainVariations,
    brandDomainWildcard: report.brandDomainWildcard,
    brandRegex: report.brandRegex,
    countries: reportCountries(report),
    defaultCountry: defaultCountry(report),
    createdDate: report.createdDate,
    updatedDate: report.updatedDate,
    competitors: report.competitors,
  };
}

/** The detail resource; its body sent back to PATCH unchanged changes nothing. */
export function brandReportResource(report: ActiveBrandReport, tags: Tag[]): BrandReport {
  return {
    ...brandReportListItem(report),
    promptIds: reportPromptIds(report),
    countryPromptsTotal: countryPromptsTotal(report),
    tags,
  };
}
