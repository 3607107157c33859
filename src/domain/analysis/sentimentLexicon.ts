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

/** A negator reaches this many words ahead ("not very good", "isn't the best") unless "but" ends it first. */
const NEGATION_REACH = 3;

export class SentimentLexicon {
  private readonly mask: number;
  private readonly hashes: Int32Array;
  private readonly words: string[];
  private readonly scores: Float64Array;
  private readonly roles: Int8Array;
  private readonly onlyHash: number;

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
    let index = start;
    while (index < end) {
      while (index < end && !isWordSymbol(symbolAt(text, index))) index++;
      if (index === end) break;
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
      const wordHashValue = slotHash(hash);
      const slot = this.find(wordHashValue, text, wordStart, index);
      const role = slot < 0 ? SCORE : (this.roles[slot] ?? SCORE);
      if (role === CONTRAST || (negatorPosition === position - 1 && wordHashValue === this.onlyHash)) {
        negatedUntil = -1;
      } else if (role === NEGATOR) {
        negatorPosition = position;
        negatedUntil = position + NEGATION_REACH;
      } else if (slot >= 0) {
        const value = this.scores[slot] ?? 0;
        score += position <= negatedUntil ? -value : value;
      } else if (hyphenated) score += this.hyphenatedScore(text, wordStart, index);
      position++;
    }
    return score;
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
