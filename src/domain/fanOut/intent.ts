import type { Reading } from './reading.js';
import type { FanOutQueryType, UserIntent } from './schema.js';
import { firstPhrase, tokenize } from './text.js';
import { COMMERCIAL_CUES, INFORMATIONAL_PHRASES, NAVIGATIONAL_CUES, TRANSACTIONAL_CUES } from './vocabulary.js';

/**
 * What the searcher wants from one search. The strongest signal wins: heading for a site, then acting now,
 * then weighing options; a search with none of those is informational.
 */

export interface Intent {
  userIntent: UserIntent;
  /** The second half of the reasoning sentence. */
  clause: string;
}

export function intentOf(searched: Reading, type: FanOutQueryType): Intent {
  // "best practices" is advice: its "best" must not read as shopping.
  const text = INFORMATIONAL_PHRASES.reduce((remaining, phrase) => remaining.replaceAll(` ${phrase} `, ' _ '), searched.text);
  const navigational = firstPhrase(text, NAVIGATIONAL_CUES);
  if (navigational !== undefined) return { userIntent: 'navigational', clause: `"${navigational}" points to one specific site (navigational)` };
  const [onlyName] = searched.names;
  if (onlyName !== undefined && namesOnly(searched)) {
    return { userIntent: 'navigational', clause: `naming only ${onlyName} suggests the searcher wants its own site (navigational)` };
  }
  const transactional = firstPhrase(text, TRANSACTIONAL_CUES);
  if (transactional !== undefined) return { userIntent: 'transactional', clause: `"${transactional}" shows readiness to act now (transactional)` };
  const commercial = firstPhrase(text, COMMERCIAL_CUES) ?? (type === 'comparative' ? (searched.versus ?? searched.alternative) : undefined);
  if (commercial !== undefined) {
    return { userIntent: 'commercial', clause: `"${commercial}" shows the searcher weighing options before buying (commercial)` };
  }
  return { userIntent: 'informational', clause: 'it seeks knowledge with no sign of buying (informational)' };
}

/**
 * A search with no intent cue of its own ("crm software small business", "HubSpot for startups 2025")
 * serves the intent of the question it was run for ("What is the best CRM for a small business?"). A
 * neighbouring topic is not the question's, so it keeps its own.
 */
export function servedIntent(asked: Reading, own: Intent, type: FanOutQueryType): Intent {
  if (own.userIntent !== 'informational' || type === 'related') return own;
  const { userIntent } = intentOf(asked, 'reformulation');
  return userIntent === 'informational' ? own : { userIntent, clause: `with no cue of its own it serves the question's ${userIntent} intent` };
}

/** "HubSpot" or "Zoho CRM" alone: nothing but the name. */
function namesOnly(searched: Reading): boolean {
  const nameWords = new Set(searched.names.flatMap((name) => tokenize(name).map((token) => token.lower)));
  return searched.tokens.every((token) => nameWords.has(token.lower) || token.lower === 'the');
}
