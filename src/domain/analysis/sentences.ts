/** A sentence as offsets into the text it was split from; surrounding whitespace excluded. */
export interface Sentence {
  start: number;
  end: number;
}

/**
 * Where a sentence may end: a line break (answers put list items, headings and table rows on their own
 * lines), or terminal punctuation with its closing quotes, brackets or markdown emphasis, followed by
 * whitespace or the end. A period inside a token (`3.5`, `acme.com/a.b`) is never followed by whitespace.
 * A run of punctuation is only tried from its start, so a long run ("....") costs linear time, not quadratic.
 */
const CANDIDATE_END = /\n|(?<![.!?…])[.!?…]+["'”’»)\]*_]*(?=\s|$)/g;

/** Abbreviations after which a capitalised word does not start a new sentence ("e.g. Acme", "vs. Globex"). */
const NON_FINAL_ABBREVIATIONS = new Set([
  'e.g', 'i.e', 'eg', 'ie', 'cf', 'vs', 'v', 'viz', 'approx', 'ca', 'incl', 'esp', 'al', 'fig', 'vol', 'p', 'pp',
  'mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'mt', 'gen', 'gov', 'sen', 'rep',
]);

/** Longer words before a period are never abbreviations here, so the scan back stops there. */
const LONGEST_ABBREVIATION = 7;
const MAX_LIST_INDENT = 8;
const DOTTED_LETTERS = /^\p{L}(?:\.\p{L})*$/u;
const LOWERCASE_LETTER = /^\p{Ll}$/u;
const WORD_OR_DOT = /^[\p{L}\p{N}.]$/u;

export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let start = 0;
  CANDIDATE_END.lastIndex = 0;
  for (let found = CANDIDATE_END.exec(text); found !== null; found = CANDIDATE_END.exec(text)) {
    const end = found.index + found[0].length;
    if (found[0] !== '\n' && !endsSentence(text, found.index, end)) continue;
    pushTrimmed(sentences, text, start, end);
    start = end;
  }
  pushTrimmed(sentences, text, start, text.length);
  return sentences;
}

/** `punctuation` is where the terminal punctuation starts, `end` where the candidate ends. */
function endsSentence(text: string, punctuation: number, end: number): boolean {
  if (startsLowercase(text, end)) return false;
  if (text.charCodeAt(punctuation) !== PERIOD || text.charCodeAt(punctuation + 1) === PERIOD) return true;
  const word = shortWordBefore(text, punctuation);
  if (word !== null && isAbbreviation(word)) return false;
  return !isListNumber(text, punctuation);
}

/** "1." of a numbered list: up to three digits after the line start, a bullet or indentation. */
function isListNumber(text: string, period: number): boolean {
  let index = period;
  while (index > 0 && period - index < 3 && isDigit(text.charCodeAt(index - 1))) index--;
  if (index === period) return false;
  let lineStart = index;
  while (lineStart > 0 && index - lineStart < MAX_LIST_INDENT && isIndentOrBullet(text.charCodeAt(lineStart - 1))) {
    lineStart--;
  }
  return lineStart === 0 || text.charCodeAt(lineStart - 1) === NEWLINE;
}

const NEWLINE = 10;
const INDENT_OR_BULLET = new Set([' ', '\t', '-', '*', '+'].map((character) => character.charCodeAt(0)));
const isIndentOrBullet = (code: number): boolean => INDENT_OR_BULLET.has(code);

const PERIOD = 46;
const isDigit = (code: number): boolean => code >= 48 && code <= 57;
const isAsciiLetterOrDigit = (code: number): boolean =>
  isDigit(code) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);

/** Whether the next word after `index` starts with a lowercase letter ("Inc. offers", "Yahoo! is"). */
function startsLowercase(text: string, index: number): boolean {
  let next = index;
  while (next < text.length && isSpace(text.charCodeAt(next))) next++;
  const code = text.charCodeAt(next);
  if (code < 128) return code >= 97 && code <= 122;
  return LOWERCASE_LETTER.test(String.fromCodePoint(text.codePointAt(next) ?? 0));
}

/**
 * The letters, digits and dots just before `period` ("e.g" before the final period of "e.g."), or null when
 * they are longer than any abbreviation.
 */
function shortWordBefore(text: string, period: number): string | null {
  let start = period;
  while (start > 0 && isWordOrDot(text, start - 1)) {
    start--;
    if (period - start > LONGEST_ABBREVIATION) return null;
  }
  return text.slice(start, period);
}

function isWordOrDot(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code < 128) return isAsciiLetterOrDigit(code) || code === PERIOD;
  return WORD_OR_DOT.test(text.charAt(index));
}

/** Known abbreviations, initials ("J. Smith") and dotted acronyms ("U.S.", "a.m."). */
function isAbbreviation(word: string): boolean {
  const known = NON_FINAL_ABBREVIATIONS.has(word.toLowerCase());
  return known || ((word.length === 1 || word.includes('.')) && DOTTED_LETTERS.test(word));
}

function pushTrimmed(into: Sentence[], text: string, from: number, to: number): void {
  let start = from;
  let end = to;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  if (end > start) into.push({ start, end });
}

const isSpace = (code: number): boolean => code === 32 || (code >= 9 && code <= 13) || code === 0xa0;
