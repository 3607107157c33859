import { contentStems, firstPhrase, hasPhrase, namesIn, phraseText, placesIn, stem, tokenize, type Token } from './text.js';
import { ALTERNATIVE_CUES, NEED_GROUPS, RECENCY_CUES, RELATED_CUES, VERSUS_CUES } from './vocabulary.js';

/** What a question or a search says, in the terms the classifier compares: names, cues, needs, topic words. */
export interface Reading {
  tokens: Token[];
  /** Lowercase words, padded for whole-phrase matching. */
  text: string;
  stems: Set<string>;
  names: string[];
  places: string[];
  /** The comparison cue ("vs", "better than"), or undefined. */
  versus: string | undefined;
  /** The cue asking for other options ("alternatives", "apps like Notion"), or undefined. */
  alternative: string | undefined;
  /** A year or a word asking for what is current. */
  recency: string | undefined;
  /** Needs named, in vocabulary order, with every phrase that named them. */
  needs: { label: string; phrases: string[] }[];
  /** Cues of a neighbouring topic ("what is", "tips"). */
  related: string[];
}

const YEAR = /\b(?:19|20)\d{2}\b/;

/** `openerIsGrammar`: true for a question written as a sentence, false for a search. */
export function read(text: string, openerIsGrammar: boolean): Reading {
  const tokens = tokenize(text);
  const phrases = phraseText(tokens);
  const names = namesIn(tokens, { openerIsGrammar });
  const places = placesIn(phrases);
  // Place names are blanked before looking for cues: "New Zealand" asks for nothing new.
  const cueText = places.reduce((remaining, place) => remaining.replaceAll(` ${place} `, ' _ '), phrases);
  return {
    tokens,
    text: phrases,
    stems: contentStems(tokens),
    names,
    places,
    versus: firstPhrase(cueText, VERSUS_CUES) ?? choiceBetweenNames(tokens, names),
    alternative: alternativeCue(cueText, tokens, names),
    recency: YEAR.exec(text)?.[0] ?? recencyWord(cueText, tokens),
    needs: NEED_GROUPS.flatMap(({ label, phrases: needPhrases }) => {
      const named = needPhrases.filter((phrase) => hasPhrase(cueText, phrase));
      return named.length === 0 ? [] : [{ label, phrases: named }];
    }),
    related: relatedCues(cueText),
  };
}

/** Stems of words a name, place or cue accounts for; what remains is a search's own topic words. */
export function explainedStems(reading: Reading): Set<string> {
  const explained = [
    ...reading.names,
    ...reading.places,
    reading.versus,
    reading.alternative,
    reading.recency,
    ...reading.related,
    ...reading.needs.flatMap((need) => need.phrases),
  ];
  return new Set(explained.flatMap((phrase) => (phrase === undefined ? [] : tokenize(phrase).map((token) => stem(token.lower)))));
}

/** "HubSpot or Salesforce" compares; "CRM or spreadsheet" is too vague to tell apart from a plain "or". */
function choiceBetweenNames(tokens: readonly Token[], names: readonly string[]): string | undefined {
  const nameWords = new Set(names.flatMap((name) => name.toLowerCase().split(' ')));
  const between = tokens.findIndex(
    (token, index) => token.lower === 'or' && nameWords.has(tokens[index - 1]?.lower ?? '') && nameWords.has(tokens[index + 1]?.lower ?? ''),
  );
  return between === -1 ? undefined : 'or';
}

/** "like" asks for alternatives only before a name: "apps like Notion", not "what users like". */
function alternativeCue(cueText: string, tokens: readonly Token[], names: readonly string[]): string | undefined {
  const cue = firstPhrase(cueText, ALTERNATIVE_CUES.filter((phrase) => phrase !== 'like'));
  if (cue !== undefined) return cue;
  const likeAt = tokens.findIndex((token) => token.lower === 'like');
  const next = tokens[likeAt + 1];
  return likeAt !== -1 && next !== undefined && names.some((name) => name.startsWith(next.text)) ? 'like' : undefined;
}

/** Cues that ask the same thing: "CRM definition" restates "What is a CRM?". */
const SAME_CUE: Record<string, string> = {
  'what are': 'what is', definition: 'what is', meaning: 'what is', explained: 'what is', 'how do': 'how to', 'how does': 'how to',
};

/** True when one of `cues` asks what `cue` asks. */
export function asksSame(cues: readonly string[], cue: string): boolean {
  const canonical = SAME_CUE[cue] ?? cue;
  return cues.some((other) => (SAME_CUE[other] ?? other) === canonical);
}

/** "What is the best CRM" asks for a pick, not a definition: "what is" counts only without a ranking word. */
function relatedCues(cueText: string): string[] {
  const asksForPick = /^ (?:what|which) (?:is|are) (?:the )?(?:best|top|most|cheapest|easiest) /.test(cueText);
  return RELATED_CUES.filter((cue) => hasPhrase(cueText, cue) && !(asksForPick && (cue === 'what is' || cue === 'what are')));
}

/** "new" names a brand or a place when a capitalized word follows ("New Balance", "New York"). */
function recencyWord(cueText: string, tokens: readonly Token[]): string | undefined {
  return RECENCY_CUES.find((cue) => {
    if (!hasPhrase(cueText, cue)) return false;
    if (cue !== 'new') return true;
    return tokens.some((token, index) => token.lower === 'new' && !/^\p{Lu}\p{Ll}/u.test(tokens[index + 1]?.text ?? ''));
  });
}
