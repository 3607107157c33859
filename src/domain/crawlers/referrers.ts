/**
 * The AI referral sources (`referrers.json`, beside this file), the counterpart of the crawler catalog for the
 * people who follow a link in an AI answer: data, not code, so adding an assistant means editing the JSON.
 */
import { createRequire } from 'node:module';
import { z } from 'zod';

/** What referral visits count toward: one value per assistant, `other` for the smaller ones. */
export const REFERRAL_ENGINES = ['chatgpt', 'perplexity', 'gemini', 'copilot', 'claude', 'deepseek', 'meta', 'other'] as const;
export type ReferralEngine = (typeof REFERRAL_ENGINES)[number];

/** AI answers whose visits cannot be told from search and are named, never counted. */
export const UNATTRIBUTABLE_SOURCES = ['google', 'google_ai_mode'] as const;
export type UnattributableSource = (typeof UNATTRIBUTABLE_SOURCES)[number];

const lowercaseHost = z.string().regex(/^[a-z0-9.-]+$/, 'a lowercase host name');

const sourceSchema = z.strictObject({
  name: z.string().min(1),
  operator: z.string().min(1),
  engine: z.enum(REFERRAL_ENGINES),
  referrerHosts: z.array(lowercaseHost).min(1),
  utmSources: z.array(z.string().min(1)),
});

const unattributableSchema = z.strictObject({
  name: z.enum(UNATTRIBUTABLE_SOURCES),
  product: z.string().min(1),
  referrerHosts: z.array(lowercaseHost).min(1),
  why: z.string().min(1),
});

export type ReferralSource = Readonly<z.infer<typeof sourceSchema>>;
export type UnattributableEntry = Readonly<z.infer<typeof unattributableSchema>>;

const catalogSchema = z
  .object({ about: z.string(), sources: z.array(sourceSchema).min(1), unattributable: z.array(unattributableSchema) })
  .superRefine((catalog, context) => {
    const hosts = catalog.sources.flatMap((source) => source.referrerHosts);
    const utm = catalog.sources.flatMap((source) => source.utmSources.map((value) => value.toLowerCase()));
    for (const [label, values] of [['referrer host', hosts], ['utm_source', utm]] as const) {
      const duplicate = values.find((value, index) => values.indexOf(value) !== index);
      if (duplicate !== undefined) context.addIssue({ code: 'custom', message: `duplicate ${label} "${duplicate}"` });
    }
    const shadowed = catalog.unattributable.flatMap((entry) => entry.referrerHosts).find((host) => hosts.includes(host));
    if (shadowed !== undefined) context.addIssue({ code: 'custom', message: `"${shadowed}" is both a source and unattributable` });
  });

const require = createRequire(import.meta.url);

function loadCatalog(): z.infer<typeof catalogSchema> {
  const parsed = catalogSchema.safeParse(require('./referrers.json'));
  if (!parsed.success) throw new Error(`crawlers/referrers.json: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

const catalog = loadCatalog();

/** Every source, in catalog order. */
export const REFERRAL_SOURCES: readonly ReferralSource[] = Object.freeze(catalog.sources.map((source) => Object.freeze(source)));

/** The unattributable AI answers and why each cannot be counted. */
export const UNATTRIBUTABLE: readonly UnattributableEntry[] = Object.freeze(catalog.unattributable.map((entry) => Object.freeze(entry)));

/** What a referrer host or utm_source value stands for: a source's engine, or an AI answer that cannot be counted. */
export type ReferrerVerdict = ReferralEngine | 'unattributable';

const verdictByHost = new Map<string, ReferrerVerdict>([
  ...UNATTRIBUTABLE.flatMap((entry) => entry.referrerHosts.map((host) => [host, 'unattributable'] as const)),
  ...REFERRAL_SOURCES.flatMap((source) => source.referrerHosts.map((host) => [host, source.engine] as const)),
]);

const engineByUtmSource = new Map<string, ReferralEngine>(
  REFERRAL_SOURCES.flatMap((source) => source.utmSources.map((value) => [value.toLowerCase(), source.engine] as const)),
);

/** Every referrer host the catalog names, sources and unattributable answers alike. */
export const REFERRER_HOSTS: readonly string[] = [...verdictByHost.keys()];

/** The verdict on a lowercase referrer host, or undefined when it is no AI assistant's. */
export const verdictOfReferrerHost = (host: string): ReferrerVerdict | undefined => verdictByHost.get(host);

/** The engine a `utm_source` value names (compared case-insensitively), or undefined. */
export const engineOfUtmSource = (value: string): ReferralEngine | undefined => engineByUtmSource.get(value.toLowerCase());
