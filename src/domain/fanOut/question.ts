import { read } from './reading.js';
import type { Token } from './text.js';

/**
 * A question taken apart the way a search engine rewrites it: the question as a search ("best CRM for small
 * business"), what it is about ("CRM"), who it is for ("small business"), the names it uses, and its form.
 */

export type QuestionForm = 'pick' | 'versus' | 'entity' | 'howto' | 'definition' | 'general';

export interface QuestionProfile {
  form: QuestionForm;
  /** The question as a search. */
  phrase: string;
  /** What the question is about: "CRM", "running shoes", "reduce churn", "Zoho CRM". */
  topic: string;
  /** The preposition and what follows it: "for small business", "under $500"; '' when none. */
  qualifier: string;
  /** The qualifier without its preposition: "small business". */
  audience: string;
  /** The ranking word of a pick ("best", "cheapest"); "best" when the question names none. */
  rank: string;
  names: string[];
}

const SCAFFOLD = new Set([
  'what', "what's", 'whats', 'which', 'who', 'is', 'are', 'was', 'were', 'can', 'could', 'would', 'will', 'you',
  'please', 'recommend', 'suggest', 'tell', 'me', 'list', 'give', 'name', 'i', "i'm", 'im', 'am', 'looking',
  'need', 'want', 'some', 'any', 'there', 'do', 'does', 'should', 'hey', 'hi', 'so', 'ok', 'help', 'find', 'show',
  'us', 'we',
]);
const ARTICLES = new Set(['a', 'an', 'the', 'my', 'our', 'your', 'their', 'its', 'some']);
const TRAILING_FILLER = new Set(['any', 'good', 'worth', 'it', 'today', 'now', 'please', 'use', 'to', 'there', 'choose', 'pick', 'get', 'buy', 'really']);
const RANKS = new Set(['best', 'top', 'cheapest', 'easiest', 'fastest', 'safest', 'most', 'good', 'great', 'recommended', 'popular', 'top-rated']);
const PREPOSITIONS = new Set(['for', 'in', 'to', 'with', 'under', 'near', 'on', 'at', 'from', 'without', 'by', 'when', 'if', 'that', 'than']);
const AUXILIARIES = new Set(['do', 'does', 'can', 'could', 'should', 'would', 'to', 'i', 'we', 'you', 'one', 'people']);

export function profileQuestion(question: string): QuestionProfile {
  const reading = read(question, true);
  const nameWords = new Set(reading.names.flatMap((name) => name.split(' ')));
  const words = reading.tokens.map((token) => cased(token, nameWords));
  const lower = reading.tokens.map((token) => token.lower);
  const [first, second] = reading.names;
  if (first !== undefined && second !== undefined && (reading.versus !== undefined || reading.alternative !== undefined)) {
    return versusProfile(first, second, words, lower, reading.names);
  }
  if (lower[0] === 'how' && !['much', 'many'].includes(lower[1] ?? '')) return howtoProfile(words.slice(1), lower.slice(1), reading.names);
  if (lower[0] === 'which' && lower.some((word) => ['should', 'would', 'do', 'does', 'can'].includes(word))) return whichProfile(words, lower, reading.names);
  const core = trimmed(words, lower);
  const rankAt = core.lower.findIndex((word) => RANKS.has(word));
  if (rankAt !== -1) return pickProfile(core.words.slice(rankAt), core.lower.slice(rankAt), reading.names);
  const form: QuestionForm = /^ what (?:is|are) /.test(reading.text) ? 'definition' : first !== undefined ? 'entity' : 'general';
  const topic = form === 'entity' && first !== undefined ? first : split(core.words, core.lower).topic;
  const phrase = form === 'definition' ? `what is ${core.words.join(' ')}` : core.words.join(' ');
  return { form, phrase, ...split(core.words, core.lower), topic, rank: 'best', names: reading.names };
}

/** Names and acronyms keep their capitals; every other word is written in lowercase, as searches are. */
function cased(token: Token, nameWords: ReadonlySet<string>): string {
  return nameWords.has(token.text) || /\p{Lu}/u.test(token.text.slice(1)) ? token.text : token.lower;
}

/** The question without its scaffolding ("what is the"), articles and trailing filler ("any good"). */
function trimmed(words: readonly string[], lower: readonly string[]): { words: string[]; lower: string[] } {
  let start = 0;
  while (start < lower.length && (SCAFFOLD.has(lower[start] ?? '') || ARTICLES.has(lower[start] ?? '') || (lower[start] === 'for' && lower[start - 1] === 'looking'))) start++;
  let end = lower.length;
  while (end > start + 1 && TRAILING_FILLER.has(lower[end - 1] ?? '')) end--;
  const kept = Array.from({ length: end - start }, (_, offset) => start + offset).filter((index) => !ARTICLES.has(lower[index] ?? ''));
  return { words: kept.map((index) => words[index] ?? ''), lower: kept.map((index) => lower[index] ?? '') };
}

/**
 * Topic up to the first preposition, then the qualifier: "running shoes" + "for flat feet". The audience is
 * who a "for" names ("students" in "under $1000 for students"); a budget or a place is no audience.
 */
function split(words: readonly string[], lower: readonly string[]): { topic: string; qualifier: string; audience: string } {
  const at = lower.findIndex((word, index) => index > 0 && PREPOSITIONS.has(word));
  if (at === -1) return { topic: words.join(' '), qualifier: '', audience: '' };
  const forAt = lower.indexOf('for', at);
  const audienceEnd = lower.findIndex((word, index) => index > forAt && PREPOSITIONS.has(word));
  const audience = forAt === -1 ? '' : words.slice(forAt + 1, audienceEnd === -1 ? undefined : audienceEnd).join(' ');
  return { topic: words.slice(0, at).join(' '), qualifier: words.slice(at).join(' '), audience };
}

function pickProfile(words: readonly string[], lower: readonly string[], names: string[]): QuestionProfile {
  let start = 0;
  while (start < lower.length - 1 && (RANKS.has(lower[start] ?? '') || /^\d+$/.test(lower[start] ?? ''))) start++;
  const rank = lower[0] === 'most' || lower[0] === 'good' || lower[0] === 'great' ? 'best' : (lower[0] ?? 'best');
  const parts = split(words.slice(start), lower.slice(start));
  return { form: 'pick', phrase: [rank, parts.topic, parts.qualifier].filter(Boolean).join(' '), ...parts, rank, names };
}

/** "Which CRM should a small business use?" asks for the best CRM for a small business. */
function whichProfile(words: readonly string[], lower: readonly string[], names: string[]): QuestionProfile {
  const auxiliary = lower.findIndex((word) => ['should', 'would', 'do', 'does', 'can'].includes(word));
  const topic = trimmed(words.slice(1, auxiliary), lower.slice(1, auxiliary)).words.join(' ');
  const audience = trimmed(words.slice(auxiliary + 1), lower.slice(auxiliary + 1)).words.filter((word) => !['i', 'we', 'you'].includes(word)).join(' ');
  const qualifier = audience === '' ? '' : `for ${audience}`;
  return { form: 'pick', phrase: ['best', topic, qualifier].filter(Boolean).join(' '), topic, qualifier, audience, rank: 'best', names };
}

/** "How do I reduce churn in a SaaS business?" searches as "how to reduce churn in SaaS business". */
function howtoProfile(words: readonly string[], lower: readonly string[], names: string[]): QuestionProfile {
  let start = 0;
  while (start < lower.length - 1 && AUXILIARIES.has(lower[start] ?? '')) start++;
  const core = trimmed(words.slice(start), lower.slice(start));
  const parts = split(core.words, core.lower);
  return { form: 'howto', phrase: `how to ${core.words.join(' ')}`, ...parts, rank: 'best', names };
}

function versusProfile(first: string, second: string, words: readonly string[], lower: readonly string[], names: string[]): QuestionProfile {
  const forAt = lower.lastIndexOf('for');
  const audience = forAt === -1 ? '' : trimmed(words.slice(forAt + 1), lower.slice(forAt + 1)).words.join(' ');
  const qualifier = audience === '' ? '' : `for ${audience}`;
  return { form: 'versus', phrase: [`${first} vs ${second}`, qualifier].filter(Boolean).join(' '), topic: first, qualifier, audience, rank: 'best', names };
}
