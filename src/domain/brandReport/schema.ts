import { z } from 'zod';
import { validateBrandRegex } from '../analysis/matcher.js';
import { nameSchema } from '../shared/schemas.js';
import { isDomainName, normalizeDomain } from './normalizeDomain.js';

/** The limits of a brand report's fields and lists. */
export const REPORT_LIMITS = {
  variations: 100,
  domainVariations: 100,
  competitors: 100,
  regexLength: 1000,
  promptIds: 1000,
  promptIdLength: 64,
} as const;

export const REGEX_WITH_VARIATIONS =
  'brandRegex cannot be combined with brandVariations: the regex replaces the names; ' +
  'send "brandVariations": [] with it';

export const domainVariationMessage = (brandDomain: string): string =>
  `Each domain variation must differ from brandDomain "${brandDomain}"`;

const brandSchema = nameSchema(200).describe('Brand name');
const variationsSchema = z.array(nameSchema(200)).max(REPORT_LIMITS.variations);
const domainSchema = z
  .string()
  .max(2048)
  .overwrite(normalizeDomain)
  .refine(isDomainName, { message: 'Expected a domain name such as acme.com' })
  .describe('Protocol, www., port and path are stripped; stored lowercase');
const domainVariationsSchema = z.array(domainSchema).max(REPORT_LIMITS.domainVariations);
const regexSchema = z
  .string()
  .min(1)
  .max(REPORT_LIMITS.regexLength)
  .superRefine((pattern, context) => {
    // Compiled with RE2, the linear-time engine that will run it: a pattern is accepted only if it can run safely.
    const problem = validateBrandRegex(pattern);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  });
const promptIdSchema = z.string().min(1).max(REPORT_LIMITS.promptIdLength);
const promptIdsSchema = z.array(promptIdSchema).min(1).max(REPORT_LIMITS.promptIds);

type RefinementContext = z.core.$RefinementCtx;

function regexExcludesVariations(
  identity: { brandRegex?: string | null; brandVariations?: string[] },
  context: RefinementContext,
): void {
  if (typeof identity.brandRegex === 'string' && (identity.brandVariations?.length ?? 0) > 0) {
    context.addIssue({ code: 'custom', path: ['brandRegex'], message: REGEX_WITH_VARIATIONS });
  }
}

function domainVariationsDifferFromDomain(
  identity: { brandDomain?: string; brandDomainVariations?: string[] },
  context: RefinementContext,
): void {
  const { brandDomain, brandDomainVariations } = identity;
  if (brandDomain === undefined) return;
  brandDomainVariations?.forEach((variation, index) => {
    if (variation === brandDomain) {
      const path = ['brandDomainVariations', index];
      context.addIssue({ code: 'custom', path, message: domainVariationMessage(brandDomain) });
    }
  });
}

function competitorDomainsUnique(competitors: { brandDomain: string }[], context: RefinementContext): void {
  const firstIndexByDomain = new Map<string, number>();
  competitors.forEach(({ brandDomain }, index) => {
    const firstIndex = firstIndexByDomain.get(brandDomain);
    if (firstIndex === undefined) firstIndexByDomain.set(brandDomain, index);
    else {
      const message = `Competitor domain "${brandDomain}" is already used by competitors.${firstIndex}`;
      context.addIssue({ code: 'custom', path: [index, 'brandDomain'], message });
    }
  });
}

/** In update requests only `brand` and `brandDomain` are required; the rest take their empty value. */
export const competitorInputSchema = z
  .object({
    brand: brandSchema,
    brandDomain: domainSchema,
    brandVariations: variationsSchema.default([]),
    brandDomainVariations: domainVariationsSchema.default([]),
    brandDomainWildcard: z.boolean().default(false),
    brandRegex: regexSchema.nullable().default(null),
  })
  .strict()
  .superRefine(regexExcludesVariations);

const reportFields = {
  reportTitle: nameSchema(200),
  brand: brandSchema,
  brandVariations: variationsSchema,
  brandDomain: domainSchema,
  brandDomainVariations: domainVariationsSchema,
  brandDomainWildcard: z.boolean().describe('When true, subdomains of brandDomain count as the brand domain'),
  brandRegex: regexSchema.nullable().describe('Replaces brand and brandVariations in detection; null clears it'),
  promptIds: promptIdsSchema.describe('Ids of prompts of the report workspace; replaces the assigned set'),
  competitors: z.array(competitorInputSchema).max(REPORT_LIMITS.competitors).superRefine(competitorDomainsUnique),
};

const ignoredWhenSent = (description: string) =>
  z.unknown().optional().meta({ readOnly: true, description: `${description}; read-only, ignored when sent` });

/** Rule 4: fields of the GET body that a client may echo back are accepted and ignored. */
const readOnlyFields = {
  id: ignoredWhenSent('Report id'),
  workspaceId: ignoredWhenSent('Owning workspace, which cannot change'),
  countries: ignoredWhenSent('Countries of the assigned prompts'),
  defaultCountry: ignoredWhenSent('The country views open on'),
  tags: ignoredWhenSent('Tags'),
  createdDate: ignoredWhenSent('Creation timestamp'),
  updatedDate: ignoredWhenSent('Last change timestamp'),
  countryPromptsTotal: ignoredWhenSent('Assigned prompts per country'),
};

export const READ_ONLY_FIELDS: ReadonlySet<string> = new Set(Object.keys(readOnlyFields));

export function reportRules(
  report: Parameters<typeof regexExcludesVariations>[0] & Parameters<typeof domainVariationsDifferFromDomain>[0],
  context: RefinementContext,
): void {
  regexExcludesVariations(report, context);
  domainVariationsDifferFromDomain(report, context);
}

/** The body of PATCH /v1/reports/brand/{reportId}: every field optional, unknown fields refused. */
export const brandReportPatchSchema = z
  .object(reportFields)
  .partial()
  .extend(readOnlyFields)
  .strict()
  .superRefine(reportRules);

/** Creation input (CLI, demo seed): `brand` and `brandDomain` required; prompts may be assigned later. */
export const brandReportCreateSchema = z
  .object({ ...reportFields, promptIds: z.array(promptIdSchema).max(REPORT_LIMITS.promptIds) })
  .partial()
  .required({ brand: true, brandDomain: true })
  .strict()
  .superRefine(reportRules);

export type BrandReportPatch = z.output<typeof brandReportPatchSchema>;
export type BrandReportCreateInput = z.input<typeof brandReportCreateSchema>;
