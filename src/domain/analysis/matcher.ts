import RE2 from 're2';
import type { BrandIdentity } from '../brandReport/events.js';
import { canonicalName, namePattern, tidyName } from './namePattern.js';
import { compileTokenNames, scanNames, type TokenNames } from './tokenScan.js';

/** One counted occurrence of a tracked brand: a span of the content that belongs to that brand alone. */
export interface BrandMatch {
  /** Index in the tracked brands: 0 is the main brand, then the competitors in report order. */
  brandIndex: number;
  start: number;
  end: number;
}

export type BrandNames = Pick<BrandIdentity, 'brand' | 'brandVariations' | 'brandRegex'>;

/** Every tracked brand's names compiled once, so that each answer is scanned in one pass plus one per regex. */
export interface BrandMatcher {
  /** All literal names of all brands in one alternation, longest first. */
  readonly names: RegExp | null;
  /** The brand of each name, by canonical name. */
  readonly nameOwners: ReadonlyMap<string, number>;
  /** Each name alone, longest first: finds the owner of a match whose canonical form is not in `nameOwners`. */
  readonly namesOneByOne: readonly { brandIndex: number; exact: RegExp }[];
  readonly regexes: readonly { brandIndex: number; regex: RE2 }[];
  /** The same names for the one-pass token scan; null when a name has a character the scan cannot fold. */
  readonly tokenNames: TokenNames | null;
  /** Whether `tokenNames` are scanned before the names regex is tried: for many names (`TOKEN_SCAN_MIN_NAMES`). */
  readonly scanFirst: boolean;
}

/**
 * From this many names on, the token scan finds them faster than V8's compiled alternation; below it, the regex
 * is faster. Measured on 3 KB answers naming a tracked brand in one word of ten: 24 names, regex 12.2 µs and scan
 * 19.5 µs per answer; 64 names, 16.5 and 20.4 µs; 84 names, 21.6 and 19.8 µs; 110 names, 27.8 and 19.4 µs. The
 * crossing lies between 64 and 84. Both find the same matches (the token scan's tests): the choice only changes
 * the time.
 */
export const TOKEN_SCAN_MIN_NAMES = 72;

/** Letters, digits and combining marks: what may not touch a name on either side. */
const WORD_CHARACTER_CLASS = '[\\p{L}\\p{N}\\p{M}]';
const WORD_CHARACTER = new RegExp(`^${WORD_CHARACTER_CLASS}$`, 'u');

const REGEX_HINT =
  'brandRegex runs on RE2, a linear-time engine: lookarounds ((?=, (?!, (?<=, (?<!) and backreferences (\\1) ' +
  'are not supported';

/** Why RE2 refuses `pattern` (compiled as detection compiles it: case-insensitive, Unicode), or null. */
export function validateBrandRegex(pattern: string): string | null {
  try {
    new RE2(pattern, 'iu');
    return null;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `Invalid brandRegex: ${reason}. ${REGEX_HINT}`;
  }
}

/**
 * Brands come in priority order: when two brands share a name, or two matches start at the same place and
 * have the same length, the earlier brand owns the span. A stored regex that RE2 refuses (reports saved before
 * RE2 validation) falls back to the brand's literal names rather than silently matching nothing.
 */
export function compileMatcher(brands: readonly BrandNames[]): BrandMatcher {
  const regexes: { brandIndex: number; regex: RE2 }[] = [];
  const names: { brandIndex: number; name: string; key: string }[] = [];
  const nameOwners = new Map<string, number>();
  brands.forEach((identity, brandIndex) => {
    const { brandRegex } = identity;
    if (brandRegex !== null && validateBrandRegex(brandRegex) === null) {
      regexes.push({ brandIndex, regex: new RE2(brandRegex, 'giu') });
      return;
    }
    for (const name of [identity.brand, ...identity.brandVariations]) {
      const key = canonicalName(name);
      if (key === '' || nameOwners.has(key)) continue;
      nameOwners.set(key, brandIndex);
      names.push({ brandIndex, name, key });
    }
  });
  // Longest first: at one position the alternation takes the first alternative that fits, so "Acme Cloud"
  // must be tried before "Acme". Array.sort is stable, so equal lengths keep brand priority.
  names.sort((left, right) => right.key.length - left.key.length);
  return {
    names: names.length === 0 ? null : namesRegex(names.map(({ name }) => name)),
    nameOwners,
    namesOneByOne: names.map(({ brandIndex, name }) => ({
      brandIndex,
      exact: new RegExp(`^(?:${namePattern(name)})$`, 'iu'),
    })),
    regexes,
    tokenNames: names.length === 0 ? null : compileTokenNames(names.map(({ brandIndex, name }) => ({ brandIndex, tidied: tidyName(name) }))),
    scanFirst: names.length >= TOKEN_SCAN_MIN_NAMES,
  };
}

/**
 * No capture group per name: groups made the scan 40% slower; the owner is found by canonical name instead.
 * No lookbehind either: V8 tries one at every position of the text before the alternation, which then cannot
 * skip ahead to the names' first letters; `collectNameMatches` checks the character before each match instead.
 */
function namesRegex(names: readonly string[]): RegExp {
  const alternatives = names.map(namePattern).join('|');
  return new RegExp(`(?:${alternatives})(?!${WORD_CHARACTER_CLASS})`, 'giu');
}

/** The counted matches of all brands in `content`, in text order, no two overlapping. */
export function findBrandMatches(content: string, matcher: BrandMatcher): BrandMatch[] {
  const candidates: BrandMatch[] = [];
  if (matcher.names !== null) collectNames(content, matcher, matcher.names, candidates);
  for (const { brandIndex, regex } of matcher.regexes) collectRegexMatches(content, regex, brandIndex, candidates);
  if (matcher.regexes.length > 0) candidates.sort(byStartThenLongest);
  return withoutOverlaps(candidates);
}

/** The token scan for many names where it can fold every character of `content`, else the names regex. */
function collectNames(content: string, matcher: BrandMatcher, names: RegExp, into: BrandMatch[]): void {
  const scanned: BrandMatch[] = [];
  if (matcher.scanFirst && matcher.tokenNames !== null && scanNames(content, matcher.tokenNames, matcher.regexes.length > 0, scanned)) {
    for (const match of scanned) into.push(match);
  } else collectNameMatches(content, matcher, names, into);
}

/**
 * With regex brands, candidates may overlap (the scan restarts one character after each match start) so that
 * a regex match and a name match competing for one span are both seen; `withoutOverlaps` then picks. Names
 * alone need no overlap: the alternation already takes the longest name at the leftmost position, which is
 * what `withoutOverlaps` would keep.
 */
function collectNameMatches(content: string, matcher: BrandMatcher, names: RegExp, into: BrandMatch[]): void {
  const overlapping = matcher.regexes.length > 0;
  names.lastIndex = 0;
  for (let found = names.exec(content); found !== null; found = names.exec(content)) {
    if (touchesWordBefore(content, found.index)) {
      // What the lookbehind would have refused: the scan goes on from the next character.
      names.lastIndex = found.index + 1;
      continue;
    }
    const end = found.index + found[0].length;
    const brandIndex = ownerOf(found[0], matcher);
    if (brandIndex !== undefined) into.push({ brandIndex, start: found.index, end });
    names.lastIndex = overlapping ? found.index + 1 : end;
  }
}

/** Most matches are spelled plainly, and then lowercasing alone gives the canonical name. */
function ownerOf(matched: string, matcher: BrandMatcher): number | undefined {
  return (
    matcher.nameOwners.get(matched.toLowerCase()) ??
    matcher.nameOwners.get(canonicalName(matched)) ??
    matcher.namesOneByOne.find(({ exact }) => exact.test(matched))?.brandIndex
  );
}

/** RE2 cannot look around, so the rule that no letter or digit touches a match is checked here. */
function collectRegexMatches(content: string, regex: RE2, brandIndex: number, into: BrandMatch[]): void {
  regex.lastIndex = 0;
  for (let found = regex.exec(content); found !== null; found = regex.exec(content)) {
    const start = found.index;
    const end = start + found[0].length;
    if (end > start && standsAlone(content, start, end)) into.push({ brandIndex, start, end });
    regex.lastIndex = start + 1;
  }
}

/** Whether a letter, digit or mark ends right before `index` (ASCII without a regex: nearly every case). */
function touchesWordBefore(content: string, index: number): boolean {
  if (index === 0) return false;
  const code = content.charCodeAt(index - 1);
  if (code < 0x80) return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  return WORD_CHARACTER.test(characterBefore(content, index));
}

function standsAlone(content: string, start: number, end: number): boolean {
  return !WORD_CHARACTER.test(characterBefore(content, start)) && !WORD_CHARACTER.test(characterAfter(content, end));
}

function characterBefore(text: string, index: number): string {
  const code = text.charCodeAt(index - 1);
  const isLowSurrogate = code >= 0xdc00 && code <= 0xdfff;
  return isLowSurrogate ? text.slice(index - 2, index) : text.charAt(index - 1);
}

function characterAfter(text: string, index: number): string {
  const codePoint = text.codePointAt(index);
  return codePoint === undefined ? '' : String.fromCodePoint(codePoint);
}

function byStartThenLongest(left: BrandMatch, right: BrandMatch): number {
  return left.start - right.start || right.end - left.end || left.brandIndex - right.brandIndex;
}

/** Leftmost first, longest at a position first: each span of text counts for one brand, once. */
function withoutOverlaps(sorted: readonly BrandMatch[]): BrandMatch[] {
  const kept: BrandMatch[] = [];
  let keptUntil = 0;
  for (const candidate of sorted) {
    if (candidate.start < keptUntil) continue;
    kept.push(candidate);
    keptUntil = candidate.end;
  }
  return kept;
}
