/**
 * Names an answer puts forward that the report does not track: the raw material of competitor suggestions
 *. Answers name products in a few recognisable ways: as list items ("1. **Freshsales**
 * — ..."), in bold, or right before their site ("Copper (copper.com)"). The extractor reads only those, so
 * ordinary capitalised words in prose never become candidates.
 */
import type { CompiledDetection } from './detection.js';
import { findBrandMatches } from './matcher.js';
import { readsAsName } from './commonWords.js';
import { withoutWww } from './urls.js';

export interface NamedCandidate {
  /** As first written in the answer. */
  name: string;
  /** Occurrences in the answer, case-insensitive, not inside a word nor inside a longer candidate. */
  mentions: number;
  /** A cited domain written right after the name ("Copper (copper.com)"), or null. */
  linkedDomain: string | null;
}

const MAX_WORDS = 5;
const MAX_LENGTH = 40;

/** Words that start headings and sentences, never product names ("**Pros:**", "- Best for teams"). */
const NOT_A_NAME_START = new Set(
  (
    'a an the this that these those it its our your their my we you they i he she here there if when where why how what ' +
    'which who whose with without for from in on at by to of and or but not no yes also more most best top key main ' +
    'pros cons pricing price prices cost costs plan plans features feature summary conclusion overview note notes tip ' +
    'tips bottom verdict recommendation recommendations option options step steps pick picks winner alternative ' +
    'alternatives comparison considerations consideration example examples free paid ease easy integration ' +
    'integrations support ideal good great strong weak other others final quick short overall rating ratings review ' +
    'reviews use users user why who what bonus honorable mention mentions budget cheap cheapest affordable premium ' +
    'large small mid medium enterprise team teams business businesses sales marketing limitations drawbacks benefits ' +
    'strengths weaknesses use-case source sources reference references update updated disclaimer caveat caveats'
  ).split(' '),
);

const LIST_ITEM = /^[ \t]*(?:[-*•+]|\d{1,2}[.)])[ \t]+(.+)$/gmu;
const BOLD = /\*\*([^*\n]{2,60}?)\*\*|__([^_\n]{2,60}?)__/gu;
/** A host name written in the text, tried only where a word starts (the lookbehind keeps the scan linear). */
const DOMAIN_TOKEN = /(?<![\p{L}\p{N}./-])(?:https?:\/\/)?((?:[\p{L}\p{N}-]+\.)+\p{L}{2,})(?![\p{L}\p{N}-])/giu;
/** Answers without a dot between letters name no domain: most of them, so most skip the scan. */
const DOTTED_WORD = /[A-Za-z0-9\u00C0-\uFFFF]\.[A-Za-z\u00C0-\uFFFF]/;

interface DomainToken {
  domain: string;
  start: number;
  end: number;
}

function domainTokens(content: string): DomainToken[] {
  if (!DOTTED_WORD.test(content)) return [];
  return [...content.matchAll(DOMAIN_TOKEN)].map((match) => ({
    domain: withoutWww((match[1] ?? '').toLowerCase()),
    start: match.index,
    end: match.index + match[0].length,
  }));
}
/** Where a list item's leading name ends: a dash, a colon, a bracket, a comma or the end of a sentence. */
const NAME_END = /\s[—–-]\s|:|\s\(|,|\.\s|\.$|\s\[/u;
const WORD_CHARACTER = /[\p{L}\p{N}\p{M}]/u;
const LEADING_LABEL = /^\s*(?:\*\*([^*\n]+?)\*\*|\[([^\]\n]+)\]\([^)]*\))/u;

const stripMarkup = (text: string): string =>
  text
    .replace(/\[([^\]]*)\]\([^)]*\)/gu, '$1')
    .replace(/\*\*|__|`/gu, '')
    .trim();

/** The candidate cleaned of trailing punctuation, or null when it does not read as a name. */
function asName(raw: string, strict: boolean): string | null {
  const name = stripMarkup(raw).replace(/[\s:;.,!?]+$/u, '').trim();
  if (name.length < 2 || name.length > MAX_LENGTH || /[?!;"]/u.test(name)) return null;
  const words = name.split(/\s+/u);
  const first = words[0] ?? '';
  if (words.length > MAX_WORDS || NOT_A_NAME_START.has(first.toLowerCase())) return null;
  if (!/\p{L}/u.test(name)) return null;
  if (strict && !words.every((word) => /^[\p{Lu}\p{N}]/u.test(word) || word === '&')) return null;
  return /[\p{Lu}\p{N}]/u.test(name) ? name : null;
}

function listItemNames(content: string): string[] {
  const names: string[] = [];
  for (const [, item = ''] of content.matchAll(LIST_ITEM)) {
    // An item that opens with a bold or linked label names that label; otherwise its words up to a separator.
    const label = LEADING_LABEL.exec(item);
    const lead = label ? (label[1] ?? label[2] ?? '') : (stripMarkup(item).split(NAME_END)[0] ?? '');
    const name = asName(lead, true);
    if (name !== null) names.push(name);
  }
  return names;
}

function boldNames(content: string): string[] {
  return [...content.matchAll(BOLD)].map(([, stars, underscores]) => asName(stars ?? underscores ?? '', false)).filter((name) => name !== null);
}

/** "Copper (copper.com)", "Copper — https://www.copper.com": the capitalised words right before a cited domain. */
function linkedNames(content: string, tokens: readonly DomainToken[], citedDomains: ReadonlySet<string>): { name: string; domain: string }[] {
  const linked: { name: string; domain: string }[] = [];
  for (const { domain, start } of tokens) {
    if (!citedDomains.has(domain)) continue;
    const before = content.slice(Math.max(0, start - 80), start).replace(/[\s([:—–-]+$/u, '').split(/\s+/u);
    const words: string[] = [];
    while (words.length < 4 && /^[\p{Lu}\p{N}][^,;.]*$/u.test(before.at(-1) ?? '')) words.unshift(before.pop() ?? '');
    const name = words.length > 0 ? asName(words.join(' '), true) : null;
    if (name !== null) linked.push({ name, domain });
  }
  return linked;
}

/** Start offsets of `name` in `lowered` (content lowercased), not touching a letter or digit on either side. */
function occurrences(lowered: string, name: string): number[] {
  const needle = name.toLowerCase();
  const starts: number[] = [];
  for (let at = lowered.indexOf(needle); at >= 0; at = lowered.indexOf(needle, at + 1)) {
    const before = lowered[at - 1];
    const after = lowered[at + needle.length];
    if ((before === undefined || !WORD_CHARACTER.test(before)) && (after === undefined || !WORD_CHARACTER.test(after))) starts.push(at);
  }
  return starts;
}

/**
 * Mentions per candidate, longest first: a span counted for "Microsoft Dynamics 365" is not "Dynamics 365"
 * too, and a domain ("close.com") is not a mention of "Close".
 */
function countMentions(content: string, tokens: readonly DomainToken[], names: readonly string[]): Map<string, number> {
  const lowered = content.toLowerCase();
  const taken: [number, number][] = tokens.map(({ start, end }) => [start, end]);
  const counts = new Map<string, number>();
  for (const name of [...names].sort((left, right) => right.length - left.length)) {
    const free = occurrences(lowered, name).filter((start) => !taken.some(([from, to]) => start < to && start + name.length > from));
    for (const start of free) taken.push([start, start + name.length]);
    counts.set(name, free.length);
  }
  return counts;
}

/** Every name the answer puts forward in a list item, in bold or before a cited domain, once each. */
export function extractNames(content: string, citedDomains: readonly string[]): NamedCandidate[] {
  const cited = new Set(citedDomains.map((domain) => withoutWww(domain.toLowerCase())));
  const tokens = domainTokens(content);
  const linked = linkedNames(content, tokens, cited);
  const byKey = new Map<string, { name: string; linkedDomain: string | null }>();
  for (const name of [...listItemNames(content), ...boldNames(content), ...linked.map(({ name: linkedName }) => linkedName)]) {
    if (!byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), { name, linkedDomain: null });
  }
  for (const { name, domain } of linked) {
    const entry = byKey.get(name.toLowerCase());
    if (entry && entry.linkedDomain === null) entry.linkedDomain = domain;
  }
  const named = [...byKey.values()].filter(({ name, linkedDomain }) => readsAsName(name, content, linkedDomain, cited));
  if (named.length === 0) return [];
  const mentions = countMentions(content, tokens, named.map(({ name }) => name));
  return named
    .map(({ name, linkedDomain }) => ({ name, mentions: mentions.get(name) ?? 0, linkedDomain }))
    .filter(({ mentions: count }) => count > 0);
}

/** The names of `extractNames` that are none of the report's tracked brands (by the report's own matching). */
export function untrackedNames(content: string, citedDomains: readonly string[], detection: CompiledDetection): NamedCandidate[] {
  return extractNames(content, citedDomains).filter(({ name }) => findBrandMatches(name, detection.matcher).length === 0);
}
