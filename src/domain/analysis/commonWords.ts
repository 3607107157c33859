/**
 * The 3,000 most frequent English words (`commonWords.json`, beside this file: the head of the
 * popular-english-words 1.0.2 list, ISC licence), lowercase. A product named by one of them ("Close",
 * "Fit", "Square") cannot be told from the word by its spelling: the answer has to tie it to a company.
 */
import { createRequire } from 'node:module';
import { nameMatchesDomain } from './nameDomains.js';

const require = createRequire(import.meta.url);
const COMMON_WORDS: ReadonlySet<string> = new Set(require('./commonWords.json') as string[]);

const isCommonWord = (name: string): boolean => !/\s/u.test(name) && COMMON_WORDS.has(name.toLowerCase());

/** The name as written after a lowercase word or a comma, so not at a sentence, heading or list start. */
function inMidSentence(content: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  return new RegExp(`[\\p{Ll}\\p{N},;][ \\t]+(?:\\*\\*|__)?${escaped}(?![\\p{L}\\p{N}])`, 'u').test(content);
}

/**
 * Whether a candidate may stand as a name: any candidate but a single common word, which needs a company
 * context: a cited domain written right after it or that is its site ("Close" and close.com), or the answer
 * writing it capitalised in the middle of a sentence ("teams pick Close for its dialer").
 */
export function readsAsName(name: string, content: string, linkedDomain: string | null, citedDomains: ReadonlySet<string>): boolean {
  if (!isCommonWord(name) || linkedDomain !== null) return true;
  return [...citedDomains].some((domain) => nameMatchesDomain(name, domain)) || inMidSentence(content, name);
}
