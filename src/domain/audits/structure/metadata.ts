import type { CheerioAPI } from 'cheerio';
import type { AuditDocument } from '../html/document.js';
import { byLength, collapsed, when, type BreakdownItem } from './scoring.js';

/** The document's title element (not an SVG's), collapsed; empty when there is none. */
export function titleText($: CheerioAPI): string {
  const title = $('title')
    .filter((_, element) => $(element).closest('svg').length === 0)
    .first();
  return collapsed(title.text());
}

/** The content of the first meta tag named `name` (by name= or property=), collapsed. */
export function metaContent($: CheerioAPI, name: string): string {
  const lower = name.toLowerCase();
  const meta = $('meta')
    .filter((_, element) => {
      const key = $(element).attr('name') ?? $(element).attr('property') ?? '';
      return key.toLowerCase() === lower;
    })
    .first();
  return collapsed(meta.attr('content') ?? '');
}

/** Search results show about 50 to 65 characters of a title; below 10 it names nothing, past 80 it is cut. */
export function titleTagScore({ $ }: AuditDocument): number {
  return byLength(titleText($).length, [[9, 12], [29, 22], [65, 30], [80, 22]], 15);
}

/** Descriptions of 70 to 160 characters show whole in result snippets and AI previews. */
export function metaDescriptionScore({ $ }: AuditDocument): number {
  return byLength(metaContent($, 'description').length, [[49, 12], [69, 22], [160, 30], [200, 22]], 15);
}

/** The four Open Graph properties link previews and many AI tools read. */
export function openGraphTagsScore({ $ }: AuditDocument): number {
  const has = (property: string) => metaContent($, property) !== '';
  return when(has('og:title'), 4) + when(has('og:description'), 4) + when(has('og:image'), 4) + when(has('og:url') || has('og:type'), 3);
}

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every object of a JSON-LD value, arrays and `@graph` flattened. */
function jsonLdItems(value: unknown): JsonObject[] {
  if (Array.isArray(value)) return value.flatMap(jsonLdItems);
  if (!isObject(value)) return [];
  return [value, ...jsonLdItems(value['@graph'])];
}

interface StructuredData {
  jsonLdBlocks: number;
  typedItems: number;
  usesSchemaOrg: boolean;
  richestItemProperties: number;
}

/** JSON-LD objects of the page, blocks that do not parse skipped. */
function jsonLdObjects({ $ }: AuditDocument): JsonObject[] {
  return $('script[type="application/ld+json" i]')
    .toArray()
    .flatMap((script) => {
      try {
        return jsonLdItems(JSON.parse($(script).text()));
      } catch {
        return [];
      }
    });
}

function structuredDataOf(document: AuditDocument): StructuredData {
  const { $ } = document;
  const objects = jsonLdObjects(document);
  const typed = objects.filter((item) => item['@type'] !== undefined);
  const microdata = $('[itemscope][itemtype], [typeof]').toArray();
  const vocabularies = [
    ...objects.map((item) => JSON.stringify(item['@context'] ?? '')),
    ...microdata.map((element) => $(element).attr('itemtype') ?? $(element).attr('vocab') ?? ''),
  ];
  const propertiesOf = (item: JsonObject) => Object.keys(item).filter((key) => !key.startsWith('@')).length;
  return {
    jsonLdBlocks: $('script[type="application/ld+json" i]').length,
    typedItems: typed.length + microdata.length,
    usesSchemaOrg: vocabularies.some((vocabulary) => /schema\.org/i.test(vocabulary)),
    richestItemProperties: Math.max(
      0,
      ...typed.map(propertiesOf),
      ...microdata.map((element) => $(element).find('[itemprop], [property]').length),
    ),
  };
}

/**
 * Typed structured data (JSON-LD, microdata or RDFa) earns the most; schema.org vocabulary and an item that
 * describes something (three properties or more) add to it. JSON-LD that does not parse earns little.
 */
export function structuredDataScore(document: AuditDocument): number {
  const data = structuredDataOf(document);
  if (data.typedItems === 0) return when(data.jsonLdBlocks > 0, 5);
  return 15 + when(data.usesSchemaOrg, 5) + when(data.richestItemProperties >= 3, 5);
}

export const METADATA_ITEMS = {
  titleTag: { maxScore: 30, score: titleTagScore },
  openGraphTags: { maxScore: 15, score: openGraphTagsScore },
  metaDescription: { maxScore: 30, score: metaDescriptionScore },
  structuredData: { maxScore: 25, score: structuredDataScore },
} satisfies Record<string, BreakdownItem>;
