import { COUNTRY_CODES } from '../shared/countries.js';
import {
  EXTRA_PLACE_NAMES,
  GENERIC_ACRONYMS,
  GENERIC_WORDS,
  NEED_GROUPS,
  RECENCY_CUES,
  RELATED_CUES,
  SENTENCE_OPENERS,
  STOPWORDS,
} from './vocabulary.js';

/**
 * Word-level reading of questions and searches: tokens with their casing, a light plural stemmer for
 * overlap, whole-phrase matching, and the names (brands, products, places) a text mentions.
 */

export interface Token {
  /** As written: casing tells a brand ("Zoho") from a word ("zoho" in a lowercase search is ambiguous). */
  text: string;
  lower: string;
  /** True for the first word of a sentence, whose capital letter is grammar. */
  opensSentence: boolean;
}

const TOKEN = /[$€£]?[\p{L}\p{N}]+(?:['’.&+-][\p{L}\p{N}]+)*\+*/gu;
const SENTENCE_END = /[.!?:;]\s*$/;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const before = text.slice(0, match.index);
    const word = match[0].replaceAll('’', "'");
    tokens.push({ text: word, lower: word.toLowerCase(), opensSentence: before.trim() === '' || SENTENCE_END.test(before) });
  }
  return tokens;
}

/** Words whose trailing "s" is not a plural. */
const NOT_PLURALS = new Set(['news', 'analytics', 'sales', 'series', 'windows', 'ios', 'aws', 'always', 'less', 'plus', 'bus', 'gas', 'yes', 'pros', 'cons']);

/** Singular form for overlap checks: "businesses" and "business" are the same word to a reader. */
export function stem(word: string): string {
  if (word.length <= 3 || NOT_PLURALS.has(word) || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (/(ss|us|is)$/.test(word)) return word;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** Lowercase words joined by single spaces and padded, so `hasPhrase` matches whole words only. */
export function phraseText(tokens: readonly Token[]): string {
  return ` ${tokens.map((token) => token.lower).join(' ')} `;
}

export function hasPhrase(text: string, phrase: string): boolean {
  return text.includes(` ${phrase} `);
}

/** The first of `phrases` the text contains; list longer phrases first where they overlap. */
export function firstPhrase(text: string, phrases: readonly string[]): string | undefined {
  return phrases.find((phrase) => hasPhrase(text, phrase));
}

/** Stems of the words that carry the topic: no grammar, no generic words like "software" or "best". */
export function contentStems(tokens: readonly Token[]): Set<string> {
  const stems = new Set<string>();
  for (const { lower } of tokens) {
    if (!STOPWORDS.has(lower) && !GENERIC_WORDS.has(lower) && !/^\d+$/.test(lower)) stems.add(stem(lower));
  }
  return stems;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Country names as searchers write them, longest first so "united states" wins over a shorter match. */
const PLACE_NAMES: readonly string[] = [
  ...new Set([
    ...COUNTRY_CODES.map((code) => (regionNames.of(code === 'uk' ? 'GB' : code.toUpperCase()) ?? '').toLowerCase()),
    ...EXTRA_PLACE_NAMES,
  ]),
]
  .filter((name) => name !== '' && !name.includes(' - '))
  .sort((left, right) => right.length - left.length);

/** The English name of a country, as a search would add it ("best CRM Germany"). */
export function countryName(country: string): string {
  return regionNames.of(country === 'uk' ? 'GB' : country.toUpperCase()) ?? country.toUpperCase();
}

export function placesIn(text: string): string[] {
  return PLACE_NAMES.filter((place) => hasPhrase(text, place));
}

/** Search vocabulary that is capitalized only by accident ("HubSpot Pricing"), never part of a name. */
const COMMON_WORDS: ReadonlySet<string> = new Set([
  ...STOPWORDS,
  ...GENERIC_WORDS,
  ...SENTENCE_OPENERS,
  ...[...NEED_GROUPS.flatMap((group) => group.phrases), ...RECENCY_CUES, ...RELATED_CUES].filter((phrase) => !phrase.includes(' ')),
]);

const MIXED_CASE = /\p{Ll}.*\p{Lu}|^\p{Lu}{2,}\p{Ll}/u;
const CAPITALIZED = /^[$€£]?\p{Lu}/u;

/**
 * Names a text mentions: runs of capitalized words ("Zoho CRM", "Google Workspace"), mixed-case words
 * ("HubSpot", "iPhone") and acronyms that are not categories ("IBM", not "CRM"). Common search words are
 * never names ("Best CRM"). A lone capitalized word that opens a question ("Looking for a CRM") is grammar;
 * one that opens a search ("Zoho pricing") is a name. In Title Case text only mixed case counts.
 */
export function namesIn(tokens: readonly Token[], options: { openerIsGrammar: boolean }): string[] {
  const titleCase = isTitleCase(tokens);
  const names: string[] = [];
  let run: Token[] = [];
  const flush = (): void => {
    const meaningful = run.filter((token) => !GENERIC_ACRONYMS.has(token.lower));
    const loneOpener = run.length === 1 && run[0]?.opensSentence === true && options.openerIsGrammar && !MIXED_CASE.test(run[0].text);
    if (meaningful.length > 0 && !loneOpener) names.push(run.map((token) => token.text).join(' '));
    run = [];
  };
  tokens.forEach((token, index) => {
    // A place ends a name: "Zoho CRM Germany" is Zoho CRM, searched from Germany.
    const isName = !PLACE_NAMES.includes(token.lower) && (isNameWord(token, titleCase) || startsPlaceOrBrand(token, tokens[index + 1], titleCase));
    if (isName) run.push(token);
    else flush();
  });
  flush();
  return names.filter((name) => !PLACE_NAMES.includes(name.toLowerCase()));
}

function isNameWord(token: Token, titleCase: boolean): boolean {
  if (MIXED_CASE.test(token.text)) return true;
  return !titleCase && CAPITALIZED.test(token.text) && !COMMON_WORDS.has(token.lower);
}

/** "New York", "New Balance": "new" is a common word except as the first word of a name. */
function startsPlaceOrBrand(token: Token, next: Token | undefined, titleCase: boolean): boolean {
  return !titleCase && token.text === 'New' && next !== undefined && /^\p{Lu}\p{Ll}/u.test(next.text) && isNameWord(next, titleCase);
}

/** "Best CRM For Small Business": every longer word capitalized, so capitals say nothing about names. */
function isTitleCase(tokens: readonly Token[]): boolean {
  const words = tokens.filter((token) => token.lower.length > 3 && /^\p{L}/u.test(token.lower));
  return words.length >= 3 && words.every((token) => CAPITALIZED.test(token.text));
}
