/**
 * Scores text against a word lexicon in one pass, reading words in place: no lowercased copy, no substring
 * and no string hash per word. Every word of every sentence that mentions a brand is looked up, so this loop
 * is the largest cost of analysing an answer; a `Map<string, number>` over `toLowerCase().match(...)` took
 * 2.5 times as long. Words are runs of ASCII letters and digits, joined by inner apostrophes (straight or
 * curly) or hyphens, case-insensitive; lexicon entries with other characters can never match and are dropped.
 */

export type WordRole = 'score' | 'negator' | 'contrast';

export interface LexiconEntry {
  word: string;
  score: number;
  role: WordRole;
}

/** Symbol of each UTF-16 code unit: letters 0-25 (either case), digits 26-35, apostrophes 36, `-` 37, else -1. */
const SYMBOL = new Int8Array(65_536).fill(-1);
for (let letter = 0; letter < 26; letter++) {
  SYMBOL[97 + letter] = letter;
  SYMBOL[65 + letter] = letter;
}
for (let digit = 0; digit < 10; digit++) SYMBOL[48 + digit] = 26 + digit;
SYMBOL[39] = 36;
SYMBOL[0x2019] = 36;
SYMBOL[45] = 37;
const FIRST_JOINER = 36;
const HYPHEN = 37;

const symbolAt = (text: string, index: number): number => SYMBOL[text.charCodeAt(index)] ?? -1;
const isWordSymbol = (symbol: number): boolean => symbol >= 0 && symbol < FIRST_JOINER;
function isInAlphabet(word: string): boolean {
  for (let index = 0; index < word.length; index++) if (symbolAt(word, index) < 0) return false;
  return word !== '';
}

/** FNV-1a over symbols. */
const HASH_SEED = 0x811c9dc5 | 0;
const hashStep = (hash: number, symbol: number): number => Math.imul(hash ^ (symbol + 1), 0x01000193);
/** Never 0: 0 marks an empty slot. */
const slotHash = (hash: number): number => hash | 1;

const SCORE = 0;
const NEGATOR = 1;
const CONTRAST = 2;
const ROLE_CODE: Record<WordRole, number> = { score: SCORE, negator: NEGATOR, contrast: CONTRAST };

/**
 * A word that `score` reads something from, as five numbers: start, end, position (words before it in the
 * text scanned), kind, value. `WORD_SCORE` adds its value (flipped when negated), `WORD_FIXED` adds its
 * value as is (a hyphenated word scored by its parts), `WORD_NEGATOR` negates what follows, `WORD_CONTRAST`
 * ends a negation, `WORD_ONLY` ends one right after a negator ("not only") and otherwise scores its value.
 */
export const LEXICON_WORD_SIZE = 5;
export const WORD_SCORE = 0;
export const WORD_FIXED = 1;
export const WORD_NEGATOR = 2;
export const WORD_CONTRAST = 3;
export const WORD_ONLY = 4;

/** A negator reaches this many words ahead ("not very good", "isn't the best") unless "but" ends it first. */
const NEGATION_REACH = 3;

export class SentimentLexicon {
  private readonly mask: number;
  private readonly hashes: Int32Array;
  private readonly words: string[];
  private readonly scores: Float64Array;
  private readonly roles: Int8Array;
  private readonly onlyHash: number;
  /** The last word `nextWord` read: where it ends, its slot hash, whether it has a hyphen. */
  private wordEnd = 0;
  private wordHash = 0;
  private hyphenated = false;

  /** A later entry for a word replaces an earlier one. */
  constructor(entries: readonly LexiconEntry[]) {
    const usable = entries.filter(({ word }) => isInAlphabet(word));
    const size = 2 ** Math.ceil(Math.log2(usable.length * 3 + 1));
    this.mask = size - 1;
    this.hashes = new Int32Array(size);
    this.words = new Array<string>(size).fill('');
    this.scores = new Float64Array(size);
    this.roles = new Int8Array(size);
    for (const entry of usable) this.insert(entry);
    this.onlyHash = slotHash(wordHash('only'));
  }

  private insert({ word, score, role }: LexiconEntry): void {
    const hash = slotHash(wordHash(word));
    let slot = hash & this.mask;
    while (this.hashes[slot] !== 0 && !this.holds(slot, hash, word, 0, word.length)) slot = (slot + 1) & this.mask;
    this.hashes[slot] = hash;
    this.words[slot] = word;
    this.scores[slot] = score;
    this.roles[slot] = ROLE_CODE[role];
  }

  /**
   * Sum of the scores of the words of `text` between `start` and `end`; a negator flips the scores of the next
   * three words, "but" ends that, and a negator followed by "only" ("not only fast") negates nothing.
   */
  score(text: string, start: number, end: number): number {
    let score = 0;
    let position = 0;
    let negatedUntil = -1;
    let negatorPosition = -2;
    for (let index = this.nextWord(text, start, end); index < end; index = this.nextWord(text, this.wordEnd, end)) {
      const wordHashValue = this.wordHash;
      const slot = this.find(wordHashValue, text, index, this.wordEnd);
      const role = slot < 0 ? SCORE : (this.roles[slot] ?? SCORE);
      if (role === CONTRAST || (negatorPosition === position - 1 && wordHashValue === this.onlyHash)) {
        negatedUntil = -1;
      } else if (role === NEGATOR) {
        negatorPosition = position;
        negatedUntil = position + NEGATION_REACH;
      } else if (slot >= 0) {
        const value = this.scores[slot] ?? 0;
        score += position <= negatedUntil ? -value : value;
      } else if (this.hyphenated) score += this.hyphenatedScore(text, index, this.wordEnd);
      position++;
    }
    return score;
  }

  /**
   * The words of `text` between `start` and `end` that `score` reads something from, appended to `into` as
   * `LexiconWord`s (five numbers each): what `segmentedScore` needs to score any part of that text without it.
   */
  lexiconWords(text: string, start: number, end: number, into: number[]): void {
    let position = 0;
    for (let index = this.nextWord(text, start, end); index < end; index = this.nextWord(text, this.wordEnd, end)) {
      const slot = this.find(this.wordHash, text, index, this.wordEnd);
      const role = slot < 0 ? SCORE : (this.roles[slot] ?? SCORE);
      const value = slot >= 0 ? (this.scores[slot] ?? 0) : 0;
      let kind: number | null = null;
      if (role === CONTRAST) kind = WORD_CONTRAST;
      else if (this.wordHash === this.onlyHash) kind = WORD_ONLY;
      else if (role === NEGATOR) kind = WORD_NEGATOR;
      else if (slot >= 0) kind = value === 0 ? null : WORD_SCORE;
      const fixed = slot < 0 && this.hyphenated ? this.hyphenatedScore(text, index, this.wordEnd) : 0;
      if (fixed !== 0) into.push(index, this.wordEnd, position, WORD_FIXED, fixed);
      else if (kind !== null) into.push(index, this.wordEnd, position, kind, value);
      position++;
    }
  }

  /** Where the next word at or after `from` starts (`end` when none), its end, hash and hyphen left in fields. */
  private nextWord(text: string, from: number, end: number): number {
    let index = from;
    while (index < end && !isWordSymbol(symbolAt(text, index))) index++;
    if (index === end) return end;
    const wordStart = index;
    let hash = HASH_SEED;
    let hyphenated = false;
    for (; index < end; index++) {
      const symbol = symbolAt(text, index);
      if (!isWordSymbol(symbol)) {
        if (symbol < FIRST_JOINER || index + 1 === end || !isWordSymbol(symbolAt(text, index + 1))) break;
        hyphenated ||= symbol === HYPHEN;
      }
      hash = hashStep(hash, symbol);
    }
    this.wordEnd = index;
    this.wordHash = slotHash(hash);
    this.hyphenated = hyphenated;
    return wordStart;
  }

  /** "easy-to-use" scores as its parts when the lexicon lacks the whole (negation does not reach parts). */
  private hyphenatedScore(text: string, start: number, end: number): number {
    let score = 0;
    let partStart = start;
    let hash = HASH_SEED;
    for (let index = start; index <= end; index++) {
      const symbol = index < end ? symbolAt(text, index) : -1;
      if (isWordSymbol(symbol) || symbol === FIRST_JOINER) {
        hash = hashStep(hash, symbol);
        continue;
      }
      const slot = this.find(slotHash(hash), text, partStart, index);
      if (slot >= 0 && this.roles[slot] === SCORE) score += this.scores[slot] ?? 0;
      partStart = index + 1;
      hash = HASH_SEED;
    }
    return score;
  }

  private find(hash: number, text: string, start: number, end: number): number {
    for (let slot = hash & this.mask; this.hashes[slot] !== 0; slot = (slot + 1) & this.mask) {
      if (this.holds(slot, hash, text, start, end)) return slot;
    }
    return -1;
  }

  private holds(slot: number, hash: number, text: string, start: number, end: number): boolean {
    if (this.hashes[slot] !== hash) return false;
    const word = this.words[slot] ?? '';
    if (word.length !== end - start) return false;
    for (let index = 0; index < word.length; index++) {
      if (symbolAt(word, index) !== symbolAt(text, start + index)) return false;
    }
    return true;
  }
}

function wordHash(word: string): number {
  let hash = HASH_SEED;
  for (let index = 0; index < word.length; index++) hash = hashStep(hash, symbolAt(word, index));
  return hash;
}

const isJoinerAt = (text: string, index: number): boolean => symbolAt(text, index) >= FIRST_JOINER;
const isWordSymbolAt = (text: string, index: number): boolean => index >= 0 && isWordSymbol(symbolAt(text, index));

/** Whether a word `score` reads runs across `boundary` of `text` ("non-Acme", "Acme's" at a name's edge). */
export function cutsWord(text: string, boundary: number): boolean {
  if (isWordSymbolAt(text, boundary - 1)) {
    return isWordSymbolAt(text, boundary) || (isJoinerAt(text, boundary) && isWordSymbolAt(text, boundary + 1));
  }
  return isJoinerAt(text, boundary - 1) && isWordSymbolAt(text, boundary - 2) && isWordSymbolAt(text, boundary);
}

/**
 * What `score` gives for the text the words `words[from..to)` were read from (see `LEXICON_WORD_SIZE`),
 * scoring apart the parts between `names` (in text order) and leaving the names out, as `classifySentence`
 * scores: a negation never reaches across a name. Exact when no name cuts a word (`cutsWord`).
 */
export function segmentedScore(words: readonly number[], from: number, to: number, names: readonly { start: number; end: number }[]): number {
  let score = 0;
  let nameIndex = 0;
  let negatedUntil = -Infinity;
  let negatorPosition = -Infinity;
  for (let index = from; index < to; index += LEXICON_WORD_SIZE) {
    const wordStart = words[index] ?? 0;
    while (nameIndex < names.length && (names[nameIndex]?.end ?? 0) <= wordStart) {
      nameIndex++;
      negatedUntil = -Infinity;
      negatorPosition = -Infinity;
    }
    if ((words[index + 1] ?? 0) > (names[nameIndex]?.start ?? Infinity)) continue;
    const position = words[index + 2] ?? 0;
    const kind = words[index + 3];
    const value = words[index + 4] ?? 0;
    if (kind === WORD_CONTRAST || (kind === WORD_ONLY && negatorPosition === position - 1)) negatedUntil = -Infinity;
    else if (kind === WORD_NEGATOR) {
      negatorPosition = position;
      negatedUntil = position + NEGATION_REACH;
    } else if (kind === WORD_FIXED) score += value;
    else score += position <= negatedUntil ? -value : value;
  }
  return score;
}
