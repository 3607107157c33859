/**
 * Text facts: what the analysis reads of an answer that does not depend on any report's names, derived once
 * per run and kept, so that measuring a run under a report's detection only finds the report's names and
 * counts. Facts hold sentences, negation cues, where the leading absence cues end in the sentences with a
 * negation cue, each sentence's lexicon words (the sentiment scoring's input), the citations parsed and the
 * names the answer puts forward. They are tied to the analysis that derived
 * them: a change to sentence splitting, cues, the lexicon, URL parsing or name extraction bumps
 * `ANALYSIS_VERSION`, and facts of an older version are derived again.
 */
import { answerLeadingCueEnds, negationPositions, sentenceLeadingCueEnds } from './absence.js';
import { extractNames, type NamedCandidate } from './competitorNames.js';
import { findBrandMatches } from './matcher.js';
import { measureCitations, type CitedLink, type MeasuredRun } from './metrics.js';
import { analysedText, analyzeReading, type AnswerReading, type RunAnalysis } from './runAnalysis.js';
import type { CompiledDetection } from './detection.js';
import { splitSentences, type Sentence } from './sentences.js';
import { classifyFromWords, lexiconWords } from './sentiment.js';
import { parseCitationUrl } from './urls.js';

export const ANALYSIS_VERSION = 2;

export interface TextFacts {
  /** The `ANALYSIS_VERSION` that derived them. */
  version: number;
  /** The answer's sentences (offsets into its text with accents composed). */
  sentences: Sentence[];
  /** Negation cue positions (`negationPositions`). */
  negations: number[];
  /** Where leading absence cues end (`answerLeadingCueEnds`: in sentences with a negation position), in order. */
  cueEnds: number[];
  /** Lexicon words of every sentence, `LEXICON_WORD_SIZE` numbers each, sentence after sentence. */
  words: number[];
  /** Where each sentence's words start in `words`, and one more entry: where the last one's end. */
  sentenceWords: number[];
  /** Each citation's link parsed (url, domain), or null when it has no host; in the run's order. */
  citations: (CitedLink | null)[];
  /** The names the answer puts forward, with the distinct cited domains (`extractNames`). */
  names: NamedCandidate[];
  /**
   * True when the answer's analysed text is the answer itself (no combining mark to compose), so reading the facts
   * need not look for marks again; absent in facts stored before it was kept (then the answer is looked at).
   */
  markFree?: boolean;
}

/** An answer as the facts read it: its content and its citations' links. */
export interface FactsSource {
  content: string;
  citations: readonly { link: string }[];
}

export function deriveTextFacts({ content, citations }: FactsSource): TextFacts {
  const text = analysedText(content);
  const sentences = splitSentences(text);
  const words: number[] = [];
  const sentenceWords: number[] = [];
  for (const { start, end } of sentences) {
    sentenceWords.push(words.length);
    lexiconWords(text, start, end, words);
  }
  sentenceWords.push(words.length);
  const negations = negationPositions(text);
  const parsed = citations.map(({ link }) => {
    const citation = parseCitationUrl(link);
    return citation === null ? null : { url: citation.url, domain: citation.domain };
  });
  const citedDomains = [...new Set(parsed.flatMap((citation) => (citation === null ? [] : [citation.domain])))];
  return {
    version: ANALYSIS_VERSION,
    sentences,
    negations,
    cueEnds: answerLeadingCueEnds(text, sentences, negations),
    words,
    sentenceWords,
    citations: parsed,
    names: extractNames(content, citedDomains),
    markFree: text === content,
  };
}

/** The reading of `content` from its facts: only a sentence where a name cuts a word is read again. */
function factsReading(content: string, facts: TextFacts): AnswerReading {
  const text = facts.markFree === true ? content : analysedText(content);
  return {
    text,
    sentences: () => facts.sentences,
    negations: () => facts.negations,
    leadingCueEnds: (sentenceIndex) => sentenceLeadingCueEnds(facts.cueEnds, facts.sentences[sentenceIndex] as Sentence),
    sentiment: (sentenceIndex, matches) =>
      classifyFromWords(
        facts.words,
        facts.sentenceWords[sentenceIndex] ?? 0,
        facts.sentenceWords[sentenceIndex + 1] ?? 0,
        text,
        facts.sentences[sentenceIndex] as Sentence,
        matches,
      ),
  };
}

/** `analyzeRun(content, detection)`, from the facts of `content`. */
export const analyzeFacts = (content: string, facts: TextFacts, detection: CompiledDetection): RunAnalysis =>
  analyzeReading(factsReading(content, facts), detection);

/** `measureRun` of a completed answer, from its facts. */
export const measureFacts = (content: string, facts: TextFacts, detection: CompiledDetection): MeasuredRun => ({
  state: 'completed',
  analysis: analyzeFacts(content, facts, detection),
  ...measureCitations(facts.citations, detection),
});

/** `untrackedNames` of the answer (with its distinct cited domains), from its facts. */
export const untrackedFactNames = (facts: TextFacts, detection: CompiledDetection): NamedCandidate[] =>
  facts.names.filter(({ name }) => findBrandMatches(name, detection.matcher).length === 0);
