import { ANALYSIS_VERSION, type CitedLink, type TextFacts } from '../../../domain/analysis/index.js';

/**
 * A run's text facts as stored (one document per run, `textFactsStore.ts`) and sent to analysis threads:
 * offsets as differences, so most numbers take one or two digits, and a citation whose normalized URL is its
 * link as written stored as its domain alone. About 0.4 to 0.6
 * bytes per byte of answer (the analysis bench's answers, the simulator's).
 */
export interface EncodedFacts {
  /** ANALYSIS_VERSION. */
  v: number;
  /** Per sentence: its start after the previous one's end, its length, its count of lexicon words. */
  s: number[];
  /** Negation cue positions, each after the previous one. */
  n: number[];
  /** Leading absence cue ends, each after the previous one. */
  e: number[];
  /** Per lexicon word: its start after the previous word's (or its sentence's) start, length, position, kind, value. */
  w: number[];
  /** Per citation: 0 when it has no host, its domain when its URL is its link, else [url, domain]. */
  c: (0 | string | [string, string])[];
  /** Names put forward: [name, mentions, linked domain or ''] each. */
  x: [string, number, string][];
  /** `markFree`: 1 when the answer is its own analysed text, 0 when not; absent in facts stored before. */
  m?: 0 | 1;
}

const WORD_FIELDS = 5;

export function encodeFacts(facts: TextFacts, links: readonly { link: string }[]): EncodedFacts {
  const s: number[] = [];
  const w: number[] = [];
  let previousEnd = 0;
  facts.sentences.forEach(({ start, end }, index) => {
    const from = facts.sentenceWords[index] ?? 0;
    const to = facts.sentenceWords[index + 1] ?? 0;
    s.push(start - previousEnd, end - start, (to - from) / WORD_FIELDS);
    previousEnd = end;
    let previousStart = start;
    for (let word = from; word < to; word += WORD_FIELDS) {
      const [wordStart = 0, wordEnd = 0, position = 0, kind = 0, value = 0] = facts.words.slice(word, word + WORD_FIELDS);
      w.push(wordStart - previousStart, wordEnd - wordStart, position, kind, value);
      previousStart = wordStart;
    }
  });
  return {
    v: facts.version,
    s,
    n: differences(facts.negations),
    e: differences(facts.cueEnds),
    w,
    c: facts.citations.map((citation, index) => encodeCitation(citation, links[index]?.link ?? '')),
    x: facts.names.map(({ name, mentions, linkedDomain }) => [name, mentions, linkedDomain ?? '']),
    ...(facts.markFree === undefined ? {} : { m: facts.markFree ? 1 : 0 }),
  };
}

const differences = (positions: readonly number[]): number[] => positions.map((position, index) => position - (positions[index - 1] ?? 0));

const sums = (deltas: readonly number[]): number[] => {
  let position = 0;
  return deltas.map((delta) => (position += delta));
};

const encodeCitation = (citation: CitedLink | null, link: string): EncodedFacts['c'][number] => {
  if (citation === null) return 0;
  return citation.url === link ? citation.domain : [citation.url, citation.domain];
};

/** The facts, or null when an earlier analysis version derived them (they are derived again). */
export function decodeFacts(encoded: EncodedFacts, links: readonly { link: string }[]): TextFacts | null {
  if (encoded.v !== ANALYSIS_VERSION) return null;
  const sentences: TextFacts['sentences'] = [];
  const sentenceWords: number[] = [];
  const words: number[] = [];
  let previousEnd = 0;
  let word = 0;
  for (let index = 0; index < encoded.s.length; index += 3) {
    const start = previousEnd + (encoded.s[index] ?? 0);
    const end = start + (encoded.s[index + 1] ?? 0);
    sentences.push({ start, end });
    sentenceWords.push(words.length);
    let wordStart = start;
    for (let count = encoded.s[index + 2] ?? 0; count > 0; count--, word += WORD_FIELDS) {
      wordStart += encoded.w[word] ?? 0;
      words.push(wordStart, wordStart + (encoded.w[word + 1] ?? 0), encoded.w[word + 2] ?? 0, encoded.w[word + 3] ?? 0, encoded.w[word + 4] ?? 0);
    }
    previousEnd = end;
  }
  sentenceWords.push(words.length);
  return {
    version: encoded.v,
    sentences,
    negations: sums(encoded.n),
    cueEnds: sums(encoded.e),
    words,
    sentenceWords,
    citations: encoded.c.map((citation, index) => decodeCitation(citation, links[index]?.link ?? '')),
    names: encoded.x.map(([name, mentions, linkedDomain]) => ({ name, mentions, linkedDomain: linkedDomain === '' ? null : linkedDomain })),
    ...(encoded.m === undefined ? {} : { markFree: encoded.m === 1 }),
  };
}

function decodeCitation(citation: EncodedFacts['c'][number], link: string): CitedLink | null {
  if (citation === 0) return null;
  if (typeof citation === 'string') return { url: link, domain: citation };
  return { url: citation[0], domain: citation[1] };
}
