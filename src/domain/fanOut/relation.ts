import { asksSame, explainedStems, type Reading } from './reading.js';
import type { FanOutQueryType } from './schema.js';
import { hasPhrase, stem } from './text.js';
import { GENERIC_ACRONYMS } from './vocabulary.js';

/**
 * How a search relates to the question behind it. The first rule that holds decides, from the most
 * specific to the least: a comparison, a name the question did not use, a demand for what is current, a
 * need the question left unstated, a neighbouring topic, and otherwise a restatement of the question.
 */

export interface Relation {
  type: FanOutQueryType;
  /** The first half of the reasoning sentence, starting with a capital. */
  clause: string;
}

export function relate(asked: Reading, searched: Reading, knownEntities: readonly string[]): Relation {
  const newNames = namesNotIn(asked, [...searched.names, ...knownIn(searched, knownEntities)]);
  const comparative = comparison(asked, searched, newNames);
  if (comparative !== undefined) return { type: 'comparative', clause: comparative };
  const [newName] = newNames;
  if (newName !== undefined) return { type: 'entity_expansion', clause: `Expands the question to ${newName}, which it does not name` };
  if (searched.recency !== undefined && asked.recency === undefined) {
    return { type: 'recency', clause: `Adds "${searched.recency}" to find up-to-date results` };
  }
  const implicit = unstatedNeed(asked, searched);
  if (implicit !== undefined) return { type: 'implicit', clause: implicit };
  const related = neighbouringTopic(asked, searched);
  if (related !== undefined) return { type: 'related', clause: related };
  const restated = searched.text.trim() === asked.text.trim();
  return { type: 'reformulation', clause: restated ? 'Searches the question as asked' : 'Restates the question in search terms without a new angle' };
}

/** Known brand names a lowercase search uses ("hubspot pricing"), which casing alone cannot reveal. */
function knownIn(searched: Reading, knownEntities: readonly string[]): string[] {
  return knownEntities.filter((entity) => entity.trim() !== '' && hasPhrase(searched.text, entity.toLowerCase()));
}

/**
 * A name is new when none of its distinctive words appears in the question: "Zoho CRM" is not new to "is
 * Zoho good", and is new to "best CRM" (a category word does not count).
 */
function namesNotIn(asked: Reading, names: readonly string[]): string[] {
  const askedWords = new Set(asked.tokens.map((token) => stem(token.lower)));
  const seen = new Set<string>();
  return names.filter((name) => {
    const words = name.toLowerCase().split(/\s+/);
    const key = words.join(' ');
    const distinctive = words.filter((word) => !GENERIC_ACRONYMS.has(word));
    if (seen.has(key) || distinctive.some((word) => askedWords.has(stem(word)))) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A comparison counts when it adds something: a kind of comparison the question did not make, or options
 * it did not name. "HubSpot vs Salesforce" restates "Is HubSpot better than Salesforce?".
 */
function comparison(asked: Reading, searched: Reading, newNames: readonly string[]): string | undefined {
  const newVersus = searched.versus !== undefined && asked.versus === undefined;
  const newAlternative = searched.alternative !== undefined && asked.alternative === undefined;
  const compares = searched.versus !== undefined || searched.alternative !== undefined;
  if (!newVersus && !newAlternative && !(compares && newNames.length > 0)) return undefined;
  const [first, second, third] = searched.names;
  if (searched.alternative !== undefined && (newAlternative || searched.versus === undefined) && first !== undefined) {
    return `Looks for alternatives to ${first}`;
  }
  if (first !== undefined && second !== undefined) return `Compares ${first} with ${second}${third === undefined ? '' : ` and ${third}`}`;
  const sides = sidesOf(searched);
  if (sides !== undefined) return `Compares ${sides[0]} with ${sides[1]}`;
  return `Compares the options side by side ("${searched.versus ?? searched.alternative}")`;
}

/** The words either side of "vs" in a lowercase search: "hubspot vs pipedrive". */
function sidesOf(searched: Reading): [string, string] | undefined {
  const at = searched.tokens.findIndex((token) => ['vs', 'vs.', 'versus'].includes(token.lower));
  const before = searched.tokens[at - 1]?.text;
  const after = searched.tokens[at + 1]?.text;
  return at === -1 || before === undefined || after === undefined ? undefined : [before, after];
}

function unstatedNeed(asked: Reading, searched: Reading): string | undefined {
  const askedNeeds = new Set(asked.needs.map((need) => need.label));
  const need = searched.needs.find((candidate) => !askedNeeds.has(candidate.label));
  if (need !== undefined) return `Looks for ${need.label}, a need the question implies but does not state`;
  const place = searched.places.find((candidate) => !asked.places.includes(candidate));
  if (place !== undefined) return `Adds the searcher's location (${titleCase(place)}), which the question leaves implicit`;
  return undefined;
}

function neighbouringTopic(asked: Reading, searched: Reading): string | undefined {
  const explained = explainedStems(searched);
  const newWords = searched.tokens
    .filter((token) => searched.stems.has(stem(token.lower)) && !asked.stems.has(stem(token.lower)) && !explained.has(stem(token.lower)))
    .map((token) => token.lower);
  const subject = newWords.length > 0 ? [...new Set(newWords)].slice(0, 3).join(' ') : undefined;
  if (subject !== undefined) return `Explores ${subject}, a neighbouring topic rather than the question itself`;
  const cue = searched.related.find((candidate) => !asksSame(asked.related, candidate));
  if (cue !== undefined) return `Explores the topic around the question ("${cue}") rather than the question itself`;
  return undefined;
}

function titleCase(place: string): string {
  return place.length <= 4 ? place.toUpperCase() : place.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}
