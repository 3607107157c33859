import { describe, expect, test } from '@jest/globals';
import { classifyFanOutQuery, FAN_OUT_QUERY_TYPES, type FanOutQueryType, type UserIntent } from '../../../src/domain/fanOut/index.js';

const CRM = 'What is the best CRM for a small business?';
const HUBSPOT_OR_SALESFORCE = 'Is HubSpot better than Salesforce for startups?';
const CHURN = 'How do I reduce churn in a SaaS business?';
const SHOES = 'What are the best running shoes for flat feet?';
const HUBSPOT_COST = 'how much does hubspot cost';
const LAPTOP = 'Which laptop should I buy for college?';
const ZOHO = 'Is Zoho CRM any good?';
const WHAT_IS_CRM = 'What is a CRM?';

type Row = [question: string, query: string, type: FanOutQueryType, userIntent: UserIntent, knownEntities?: string[]];

/** Searches of the kind ChatGPT, Gemini, Claude and Google AI Mode run, with the label a reader would give. */
const ROWS: Row[] = [
  [CRM, 'What is the best CRM for a small business?', 'reformulation', 'commercial'],
  [CRM, 'best crm for small business', 'reformulation', 'commercial'],
  [CRM, 'small business CRM software', 'reformulation', 'commercial'],
  [CRM, 'best CRM for small businesses 2025', 'recency', 'commercial'],
  [CRM, 'latest CRM trends', 'recency', 'commercial'],
  [CRM, 'HubSpot vs Pipedrive small business', 'comparative', 'commercial'],
  [CRM, 'CRM comparison chart', 'comparative', 'commercial'],
  [CRM, 'Salesforce alternatives', 'comparative', 'commercial'],
  [CRM, 'apps like Pipedrive', 'comparative', 'commercial'],
  [CRM, 'Zoho CRM pricing', 'entity_expansion', 'commercial'],
  [CRM, 'HubSpot', 'entity_expansion', 'navigational'],
  [CRM, 'hubspot login', 'implicit', 'navigational'],
  [CRM, 'hubspot login', 'entity_expansion', 'navigational', ['HubSpot']],
  [CRM, 'CRM pricing', 'implicit', 'commercial'],
  [CRM, 'free CRM for small business', 'implicit', 'commercial'],
  [CRM, 'best CRM for small business reddit', 'implicit', 'commercial'],
  [CRM, 'how to choose a CRM', 'implicit', 'commercial'],
  [CRM, 'best CRM small business UK', 'implicit', 'commercial'],
  [CRM, 'buy CRM software', 'implicit', 'transactional'],
  [CRM, 'CRM free trial', 'implicit', 'transactional'],
  [CRM, 'what is a CRM', 'related', 'informational'],
  [CRM, 'CRM best practices', 'related', 'informational'],
  [CRM, 'CRM implementation checklist', 'related', 'informational'],
  [CRM, 'customer retention strategies', 'related', 'informational'],
  [HUBSPOT_OR_SALESFORCE, 'HubSpot vs Salesforce', 'reformulation', 'commercial'],
  [HUBSPOT_OR_SALESFORCE, 'hubspot or salesforce', 'reformulation', 'commercial'],
  [HUBSPOT_OR_SALESFORCE, 'Pipedrive vs HubSpot', 'comparative', 'commercial'],
  [HUBSPOT_OR_SALESFORCE, 'HubSpot alternatives', 'comparative', 'commercial'],
  [HUBSPOT_OR_SALESFORCE, 'HubSpot vs Salesforce pricing', 'implicit', 'commercial'],
  [HUBSPOT_OR_SALESFORCE, 'HubSpot for startups 2025', 'recency', 'commercial'],
  [CHURN, 'how to reduce churn SaaS', 'reformulation', 'informational'],
  [CHURN, 'ways to reduce churn in SaaS', 'reformulation', 'informational'],
  [CHURN, 'SaaS churn benchmarks 2025', 'recency', 'informational'],
  [CHURN, 'ChurnZero vs Gainsight', 'comparative', 'commercial'],
  [CHURN, 'Gainsight pricing', 'entity_expansion', 'commercial'],
  [CHURN, 'churn prediction software', 'related', 'informational'],
  [CHURN, 'what is churn rate', 'related', 'informational'],
  [SHOES, 'Brooks Adrenaline GTS review', 'entity_expansion', 'commercial'],
  [SHOES, 'running shoes near me', 'implicit', 'transactional'],
  [SHOES, 'are new balance good for flat feet', 'entity_expansion', 'commercial', ['New Balance']],
  [SHOES, 'latest running shoe releases', 'recency', 'commercial'],
  [SHOES, 'New York running stores', 'entity_expansion', 'commercial'],
  [SHOES, 'running shoes for overpronation', 'related', 'informational'],
  [SHOES, 'Best Running Shoes For Flat Feet 2025', 'recency', 'commercial'],
  [HUBSPOT_COST, 'HubSpot pricing', 'reformulation', 'commercial'],
  [HUBSPOT_COST, 'HubSpot Starter vs Professional', 'comparative', 'commercial'],
  [HUBSPOT_COST, 'HubSpot discount code', 'implicit', 'transactional'],
  [LAPTOP, 'best laptops for college', 'reformulation', 'commercial'],
  [LAPTOP, 'MacBook Air vs Dell XPS 13', 'comparative', 'commercial'],
  [LAPTOP, 'laptop deals back to school', 'implicit', 'transactional'],
  [ZOHO, 'Zoho CRM review', 'reformulation', 'commercial'],
  [ZOHO, 'Zoho CRM reviews reddit', 'reformulation', 'commercial'],
  [ZOHO, 'Zoho CRM pricing', 'implicit', 'commercial'],
  [ZOHO, 'Zoho', 'reformulation', 'navigational'],
  [WHAT_IS_CRM, 'CRM definition', 'reformulation', 'informational'],
  [WHAT_IS_CRM, 'examples of CRM software', 'related', 'informational'],
  [WHAT_IS_CRM, 'CRM meaning', 'reformulation', 'informational'],
];

/** Every row with its known entities spelled out: jest hands a shorter row's missing argument a callback. */
const FULL_ROWS = ROWS.map(([question, query, type, userIntent, knownEntities = []]) => [question, query, type, userIntent, knownEntities] as const);

describe('classifyFanOutQuery', () => {
  test.each(FULL_ROWS)('%j / %j is %s with %s intent', (question, query, type, userIntent, knownEntities) => {
    const label = classifyFanOutQuery(question, query, { knownEntities });
    expect({ type: label.type, userIntent: label.userIntent }).toEqual({ type, userIntent });
  });

  test('the table covers every type and every intent', () => {
    expect(new Set(ROWS.map((row) => row[2]))).toEqual(new Set(FAN_OUT_QUERY_TYPES));
    expect(new Set(ROWS.map((row) => row[3]))).toEqual(new Set(['informational', 'commercial', 'transactional', 'navigational']));
  });

  test.each([
    [CRM, 'HubSpot vs Pipedrive small business', 'Compares HubSpot with Pipedrive; "vs" shows the searcher weighing options before buying (commercial).'],
    [CRM, 'Zoho CRM pricing', 'Expands the question to Zoho CRM, which it does not name; "pricing" shows the searcher weighing options before buying (commercial).'],
    [CRM, 'best CRM for small business 2025', 'Adds "2025" to find up-to-date results; "best" shows the searcher weighing options before buying (commercial).'],
    [CRM, 'CRM pricing', 'Looks for pricing, a need the question implies but does not state; "pricing" shows the searcher weighing options before buying (commercial).'],
    [CRM, 'best CRM small business Germany', "Adds the searcher's location (Germany), which the question leaves implicit; \"best\" shows the searcher weighing options before buying (commercial)."],
    [CRM, 'CRM implementation checklist', 'Explores implementation, a neighbouring topic rather than the question itself; it seeks knowledge with no sign of buying (informational).'],
    [CRM, 'What is the best CRM for a small business?', 'Searches the question as asked; "best" shows the searcher weighing options before buying (commercial).'],
    [CRM, 'small business CRM software', "Restates the question in search terms without a new angle; with no cue of its own it serves the question's commercial intent."],
    [CRM, 'HubSpot', 'Expands the question to HubSpot, which it does not name; naming only HubSpot suggests the searcher wants its own site (navigational).'],
    [SHOES, 'running shoes near me', 'Looks for where to buy, a need the question implies but does not state; "near me" shows readiness to act now (transactional).'],
    [HUBSPOT_OR_SALESFORCE, 'HubSpot alternatives', 'Looks for alternatives to HubSpot; "alternatives" shows the searcher weighing options before buying (commercial).'],
  ])('the reasoning of %j / %j is one sentence naming the words that decided', (question, query, reasoning) => {
    expect(classifyFanOutQuery(question, query).reasoning).toBe(reasoning);
  });

  test('every reasoning is a single sentence', () => {
    for (const [question, query, , , knownEntities] of ROWS) {
      const { reasoning } = classifyFanOutQuery(question, query, { knownEntities });
      expect(reasoning).toMatch(/^[A-Z][^.]*(?:\.\w[^.]*)*\.$/);
    }
  });

  test('the same pair always gets the same label', () => {
    const first = ROWS.map(([question, query, , , knownEntities]) => classifyFanOutQuery(question, query, { knownEntities }));
    const second = ROWS.map(([question, query, , , knownEntities]) => classifyFanOutQuery(question, query, { knownEntities }));
    expect(second).toEqual(first);
  });
});
