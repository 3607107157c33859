import { intentOf, servedIntent } from './intent.js';
import { read } from './reading.js';
import { relate } from './relation.js';
import type { FanOutQuery } from './schema.js';

export type FanOutClassification = Omit<FanOutQuery, 'query'>;

export interface ClassifyOptions {
  /**
   * Brand and product names known to matter for the question (a report's competitors, the simulator's
   * catalog): they reveal names in lowercase searches ("hubspot pricing"), where casing cannot.
   */
  knownEntities?: readonly string[];
}

/**
 * Labels one search an engine ran for a question: its type, the searcher's intent
 * and a one-sentence reason naming the words that decided both. Deterministic: the same pair always gets
 * the same label.
 */
export function classifyFanOutQuery(question: string, query: string, options: ClassifyOptions = {}): FanOutClassification {
  const asked = read(question, true);
  const searched = read(query, false);
  const relation = relate(asked, searched, options.knownEntities ?? []);
  const intent = servedIntent(asked, intentOf(searched, relation.type), relation.type);
  return { type: relation.type, userIntent: intent.userIntent, reasoning: `${relation.clause}; ${intent.clause}.` };
}
