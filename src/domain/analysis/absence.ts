/**
 * Absence statements: an engine saying it knows nothing of a brand ("I couldn't find any information about
 * Acme") names the brand without mentioning it. Only the names the statement is about are discounted, so in
 * "I found nothing on Acme, but Globex is popular" Globex still counts. A name is discounted when an absence
 * cue leads up to it ("... information about [a company called] Acme") or follows it ("Acme is not a
 * company I'm familiar with"), and so are the names listed with it ("about Acme or Globex").
 */
import type { Sentence } from './sentences.js';

interface Span {
  start: number;
  end: number;
}

const APOSTROPHE = "['’]";
const NOT = `(?:n${APOSTROPHE}t|\\s+not)`;
const QUALIFIERS =
  '(?:(?:any|much|some|specific|reliable|detailed|verified|verifiable|relevant|additional|further|more|recent|' +
  'current|credible|concrete|public|publicly\\s+available|official|trustworthy|enough|sufficient|substantial|' +
  'meaningful|accurate|clear|definitive|notable|significant|solid|real|up-to-date|useful|direct|independent)\\s+)*';
const INFORMATION =
  '(?:information|info|details|data|results|search\\s+results|mentions?|records?|evidence|references?|sources?|' +
  'reviews?|documentation|coverage|news|facts|knowledge|material|content|articles?|entries|entry|listings?|' +
  'traces?|anything|much)';
const ABOUT =
  '(?:about|on|regarding|concerning|for|of|related\\s+to|relating\\s+to|pertaining\\s+to|mentioning|' +
  'referencing|describing|covering|that\\s+(?:mentions?|references?|refers?\\s+to|describes?))';
const KIND =
  '(?:compan(?:y|ies)|brands?|products?|tools?|services?|business(?:es)?|platforms?|firms?|organi[sz]ations?|' +
  'apps?|applications?|software|websites?|sites?|startups?|vendors?|providers?|solutions?|entit(?:y|ies)|' +
  'names?|terms?|things?|ones?)';
const NAMED = '(?:called|named|known\\s+as|by\\s+the\\s+name(?:\\s+of)?|under\\s+the\\s+name|with\\s+the\\s+name)';
const FAME =
  '(?:(?:(?:widely|well|publicly|commonly|generally|broadly)[-\\s])?(?:known|recogni[sz]ed|notable|prominent|' +
  'major|established|popular|significant|documented|reputable|existing|specific|such|real|verified|registered|' +
  'legitimate|relevant)\\s+)?';
const SUBJECT = `(?:i|we)(?:${APOSTROPHE}m|${APOSTROPHE}re|${APOSTROPHE}ve|\\s+am|\\s+are|\\s+was|\\s+were|\\s+have)?`;
const SOURCES =
  '(?:knowledge(?:\\s+base)?|training(?:\\s+data)?|sources|search(?:\\s+results)?|results|data(?:base)?|records|' +
  'information|available)';

const FIND_FAILED =
  `(?:could${NOT}|can${APOSTROPHE}t|cannot|can\\s+not|did${NOT}|do${NOT}|(?:was|were)${NOT}\\s+able\\s+to|` +
  `(?:have|has)${NOT}\\s+been\\s+able\\s+to|unable\\s+to|failed\\s+to)(?:\\s+seem\\s+to)?\\s+` +
  '(?:find|locate|identify|retrieve|access|verify|confirm|come\\s+across|discover|turn\\s+up)';

/** Phrases after which the next name is what the engine knows nothing about. */
const LEADING_CUES = [
  `${FIND_FAILED}\\s+(?:${QUALIFIERS}${INFORMATION}\\s+${ABOUT}|(?:a|an|any)\\s+${FAME}${KIND}\\s+${NAMED})`,
  `(?:do|does|did)${NOT}\\s+(?:currently\\s+)?have\\s+(?:access\\s+to\\s+)?${QUALIFIERS}${INFORMATION}\\s+${ABOUT}`,
  `\\b(?:i|we)\\s+lack\\s+${QUALIFIERS}${INFORMATION}\\s+${ABOUT}`,
  `\\bno\\s+${QUALIFIERS}${INFORMATION}(?:\\s+(?:is|are|was|were|could\\s+be|can\\s+be|has\\s+been|have\\s+been))?` +
    `(?:\\s+(?:publicly\\s+)?(?:available|found|returned|known|located))?\\s+${ABOUT}`,
  `\\bnothing\\s+(?:(?:is|was)\\s+)?(?:(?:publicly\\s+)?(?:available|known|found)\\s+)?${ABOUT}`,
  `\\b${SUBJECT}\\s+(?:not\\s+(?:aware\\s+of|familiar\\s+with|acquainted\\s+with)|unaware\\s+of|unfamiliar\\s+with)`,
  `\\b${SUBJECT}\\s+never\\s+(?:heard\\s+of|come\\s+across|encountered)`,
  `\\b(?:i|we)\\s+(?:do|did)${NOT}\\s+(?:know\\s+(?:of|about|anything\\s+about|much\\s+about)|recogni[sz]e)`,
  `\\b${SUBJECT}\\s+(?:not\\s+sure|unsure|uncertain)\\s+(?:what|who|which)`,
  `\\bno\\s+${FAME}${KIND}\\s+${NAMED}`,
  `(?:is${NOT}|are${NOT}|(?:does|do)${NOT}\\s+(?:appear|seem)\\s+to\\s+be)\\s+(?:a|an|any)\\s+` +
    `${FAME}${KIND}\\s+${NAMED}`,
  `\\b(?:my|the)\\s+${SOURCES}\\s+(?:do|does|did)${NOT}\\s+` +
    `(?:include|contain|cover|mention|show|return|reference|list|have)(?:\\s+${QUALIFIERS}${INFORMATION}\\s+${ABOUT})?`,
];
const LEADING_CUE = new RegExp(LEADING_CUES.join('|'), 'gi');

/** What may stand between a leading cue and the name: "the pricing of", "a company called", quotes. */
const LEAD_IN = new RegExp(
  '^\\s*(?:(?:[^\\s,.;:!?()]+\\s+){1,3}(?:of|for|from|by|behind)\\s+)?(?:(?:the|a|an|any|this|that)\\s+)?' +
    `(?:${FAME}${KIND}\\s+(?:${NAMED}\\s+)?)?["'“‘*_]*$`,
  'i',
);

/** Phrases right after the name that say the engine does not know it. */
const TRAILING_CUE = new RegExp(
  `(?:${APOSTROPHE}s)?["'”’*_]*\\s*,?\\s+(?:` +
    [
      `(?:is|are|was|does|do)${NOT}\\s+(?:(?:appear|seem)s?\\s+(?:to\\s+be\\s+)?)?` +
        `(?:in|within|among|part\\s+of|(?:included|listed|mentioned|covered)\\s+in)\\s+(?:my|the|any)\\s+${SOURCES}`,
      `(?:is${NOT}|are${NOT}|(?:does|do)${NOT}\\s+(?:appear|seem)\\s+to\\s+be)\\s+(?:(?:a|an|any)\\s+)?${FAME}` +
        `(?:${KIND}|something|anything)\\s+(?:(?:that|which)\\s+)?${SUBJECT}\\s+(?:familiar\\s+with|aware\\s+of|` +
        `know(?:\\s+of)?|recogni[sz]e|(?:have|can\\s+find)\\s+(?:any\\s+)?(?:information|info|details|data)\\s+` +
        '(?:about|on))',
      `(?:does|do)${NOT}\\s+(?:appear|seem)\\s+to\\s+be\\s+(?:a|an)\\s+` +
        `(?:widely|well|publicly|commonly)[-\\s]known\\s+${KIND}`,
      `(?:does|do)${NOT}\\s+ring\\s+a\\s+bell`,
      'is\\s+(?:not\\s+known|unknown)\\s+to\\s+me',
    ].join('|') +
    ')',
  'iy',
);

/** Only text between two names: "Acme or Globex", "Acme, Globex, and Initech", "Acme (acme.com)". */
const LIST_JOINER = /^[\s,/&()"'“”‘’*_-]*(?:(?:and|or|nor)[\s"'“‘*_(]*)?$/i;

/** Every leading cue and every trailing cue contains one of these; most sentences have none. */
const NEGATION =
  /n['’]t\b|\b(?:not?|never|nothing|unable|cannot|un(?:aware|familiar|known|sure|certain)|lack|failed)\b/gi;

/**
 * Where `content` has a negation word, in order: a sentence without one states no absence. One pass over the
 * answer costs less than one regex call per sentence.
 */
export function negationPositions(content: string): number[] {
  const positions: number[] = [];
  NEGATION.lastIndex = 0;
  for (let found = NEGATION.exec(content); found !== null; found = NEGATION.exec(content)) positions.push(found.index);
  return positions;
}

const NONE: readonly number[] = [];

/**
 * Which of `matches` (spans of `content` inside `sentence`, in text order) are names an absence statement is
 * about, as indices into `matches`; `negations` are the `negationPositions` of `content`, and `cueEnds` gives
 * the sentence's `leadingCueEnds` (asked only when a negation position is within the sentence).
 */
export function absentMatchIndices(
  content: string,
  sentence: Sentence,
  matches: readonly Span[],
  negations: readonly number[],
  cueEnds: () => readonly number[],
): readonly number[] {
  if (!hasPositionWithin(negations, sentence)) return NONE;
  const text = content.slice(sentence.start, sentence.end);
  const ends = cueEnds();
  const spans = matches.map(({ start, end }) => ({ start: start - sentence.start, end: end - sentence.start }));
  const absent = spans.map((span) => isLedUpTo(text, span, ends) || isFollowedByCue(text, span));
  spreadAcrossLists(text, spans, absent);
  return absent.flatMap((isAbsent, index) => (isAbsent ? [index] : []));
}

/** The first index of sorted `positions` whose position is `value` or more (`positions.length` when none is). */
function firstFrom(positions: readonly number[], value: number): number {
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((positions[middle] ?? Infinity) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether one of sorted `positions` is within `sentence`. */
function hasPositionWithin(positions: readonly number[], { start, end }: Sentence): boolean {
  return (positions[firstFrom(positions, start)] ?? Infinity) < end;
}

/** Where the leading cues of `sentence` of `content` end, in order, as offsets into the sentence. */
export function leadingCueEnds(content: string, { start, end }: Sentence): number[] {
  const text = content.slice(start, end);
  const ends: number[] = [];
  LEADING_CUE.lastIndex = 0;
  for (let found = LEADING_CUE.exec(text); found !== null; found = LEADING_CUE.exec(text)) {
    ends.push(found.index + found[0].length);
  }
  return ends;
}

/**
 * The `leadingCueEnds` of every one of `sentences` with one of `negations` within it, as offsets into
 * `content`, in order: what `absentMatchIndices` asks of a sentence, read once whatever the names.
 */
export function answerLeadingCueEnds(content: string, sentences: readonly Sentence[], negations: readonly number[]): number[] {
  const ends: number[] = [];
  for (const sentence of sentences) {
    if (!hasPositionWithin(negations, sentence)) continue;
    for (const end of leadingCueEnds(content, sentence)) ends.push(sentence.start + end);
  }
  return ends;
}

/**
 * The ends of `answerEnds` (an `answerLeadingCueEnds`) that belong to `sentence`, as offsets into it. A cue
 * is never empty, so its end is after its sentence's start: an end equal to a start is the previous sentence's.
 */
export const sentenceLeadingCueEnds = (answerEnds: readonly number[], { start, end }: Sentence): number[] =>
  answerEnds.slice(firstFrom(answerEnds, start + 1), firstFrom(answerEnds, end + 1)).map((cueEnd) => cueEnd - start);

function isLedUpTo(text: string, span: Span, cueEnds: readonly number[]): boolean {
  const cueEnd = cueEnds.findLast((end) => end <= span.start);
  return cueEnd !== undefined && LEAD_IN.test(text.slice(cueEnd, span.start));
}

function isFollowedByCue(text: string, span: Span): boolean {
  TRAILING_CUE.lastIndex = span.end;
  return TRAILING_CUE.test(text);
}

/** Names joined only by list punctuation share one statement: one of them absent makes all absent. */
function spreadAcrossLists(text: string, spans: readonly Span[], absent: boolean[]): void {
  const joinedToPrevious = spans.map((span, index) => {
    const previous = spans[index - 1];
    return previous !== undefined && LIST_JOINER.test(text.slice(previous.end, span.start));
  });
  for (let index = 1; index < spans.length; index++) {
    if (joinedToPrevious[index] && absent[index - 1]) absent[index] = true;
  }
  for (let index = spans.length - 1; index > 0; index--) {
    if (joinedToPrevious[index] && absent[index]) absent[index - 1] = true;
  }
}
