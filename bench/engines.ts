import { performance } from 'node:perf_hooks';
import { ENGINE_IDS, type EngineRequest } from '../src/engines/engine.js';
import { simulateAnswer } from '../src/engines/simulator/index.js';

const ANSWERS = 200_000;
const WARM_UP_ANSWERS = 5_000;
const DAYS = 90;

/** A spread of categories, named brands and an unknown one, so no single code path dominates. */
const PROMPTS = [
  'What is the best CRM for a small business?',
  'Is Nimbus CRM better than HubSpot for startups?',
  'Top project management tools for remote teams',
  'Best email marketing platform for a Shopify store',
  'Best running shoes for flat feet',
  'Cheapest WordPress hosting with good support',
  'Is a password manager safe for a family?',
  'Best VPN for streaming abroad',
  'Simple bookkeeping software for freelancers',
  'Which mattress is best for back pain?',
  'Is Acme Cloud a good alternative to Dropbox?',
  'Best noise cancelling headphones for flights',
];

const COUNTRIES = ['us', 'uk', 'de'] as const;

/**
 * Simulated answers per second on one core: the demo seeding and every benchmark that needs runs generate
 * hundreds of thousands of them.
 */
export async function benchSimulator(): Promise<Record<string, number>> {
  generate(WARM_UP_ANSWERS);
  const started = performance.now();
  const bytes = generate(ANSWERS);
  const elapsedMs = performance.now() - started;
  return {
    simulatedAnswersPerSecond: Math.round((ANSWERS / elapsedMs) * 1000),
    simulatedAnswerMeanBytes: Math.round(bytes / ANSWERS),
  };
}

function generate(count: number): number {
  let bytes = 0;
  for (let index = 0; index < count; index++) bytes += simulateAnswer(requestFor(index)).content.length;
  return bytes;
}

function requestFor(index: number): EngineRequest {
  const day = Math.floor(index / (PROMPTS.length * ENGINE_IDS.length)) % DAYS;
  return {
    engine: ENGINE_IDS[index % ENGINE_IDS.length] ?? 'chatgpt',
    prompt: PROMPTS[index % PROMPTS.length] ?? '',
    country: COUNTRIES[index % COUNTRIES.length] ?? 'us',
    date: new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10),
    promptId: `prompt-${index % PROMPTS.length}`,
  };
}
