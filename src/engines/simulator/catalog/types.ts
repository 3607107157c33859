/**
 * The simulator's world knowledge, kept as data: per category, the brands an AI engine would name (with the
 * strength and the weakness reviewers cite), the words that reveal the category in a prompt, and the pages
 * engines cite for it. Brand names and domains are real-world; the phrasing is the simulator's own.
 */

export interface SimBrand {
  name: string;
  domain: string;
  /** A noun phrase: "a generous free plan". */
  strength: string;
  /** A noun phrase: "steep price jumps between tiers". */
  weakness: string;
  /** Other names engines use for the brand: "HubSpot" for "HubSpot CRM". */
  aliases: readonly string[];
  /** Model names, for product categories (shopping results). */
  products: readonly string[];
}

/** Where a cited page sits; engines favour some kinds over others. */
export type SourceKind = 'encyclopedia' | 'forum' | 'video' | 'news' | 'review' | 'blog' | 'social' | 'gov' | 'edu' | 'vendor';

export interface SimSource {
  kind: SourceKind;
  link: string;
  /** `{year}` is replaced by the year of the run. */
  title: string;
}

export interface SimCategory {
  id: string;
  /** "CRM software": used in sentences and queries. */
  label: string;
  /** Lowercase fragments that, found in a prompt, reveal the category. */
  keywords: readonly string[];
  audiences: readonly string[];
  aspects: readonly string[];
  brands: readonly SimBrand[];
  /** Smaller brands named in only a share of answers (the demo's "Nimbus CRM"). */
  challengers: readonly { brand: SimBrand; rate: number }[];
  /** Product categories get shopping results and prices; software gets free trials and ads. */
  kind: 'software' | 'product';
  priceRange: readonly [number, number];
  /** Wikipedia article and subreddit that anchor the generated forum, video and encyclopedia citations. */
  wikipedia: string;
  subreddit: string;
  /** Category-specific pages: review sites, press, government and university guidance. */
  sources: readonly SimSource[];
}

export function brand(
  name: string,
  domain: string,
  strength: string,
  weakness: string,
  aliases: readonly string[] = [],
  products: readonly string[] = [],
): SimBrand {
  return { name, domain, strength, weakness, aliases, products };
}

export function source(kind: SourceKind, link: string, title: string): SimSource {
  return { kind, link, title };
}
