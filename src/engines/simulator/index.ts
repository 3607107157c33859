import { rankCitations } from '../citations.js';
import type { Engine, EngineAnswer, EngineId, EngineRequest } from '../engine.js';
import { profileOf } from '../profiles/index.js';
import { fanOutQueries, simulatedAds, simulatedShopping } from './extras.js';
import { planMentions, type AnswerContext } from './mentions.js';
import { profilePrompt } from './profile.js';
import { hashString, Random, stableUnit } from './random.js';
import { pickCitations } from './sources.js';
import { composeContent } from './styles.js';

/**
 * The deterministic stand-in for every engine without an API key, and what the demo
 * and the benchmarks run on. The same prompt text, engine, country, day and replicate always give the same
 * answer; another day or replicate gives a plausibly different one.
 */

export { catalogBrands, type CatalogBrands } from './catalogBrands.js';

/** Bumped when the generator changes, so that "the same input gives the same answer" stays checkable. */
export const SIMULATOR_MODEL = 'geolens-simulator-1';

/** Google shows no AI Overview for some queries at all, and for others only on some days. */
const NEVER_OVERVIEW_SHARE = 0.1;
const DAILY_NO_OVERVIEW_RATE = 0.12;

export class SimulatedEngine implements Engine {
  readonly kind = 'simulator' as const;

  constructor(readonly id: EngineId) {}

  run(request: EngineRequest): Promise<EngineAnswer> {
    return Promise.resolve(simulateAnswer({ ...request, engine: this.id }));
  }
}

/** What only the calibration bench changes: `trends: false` holds every challenger's rate at its mean. */
export interface SimulationOptions {
  trends?: boolean;
}

export const simulateAnswer = (request: EngineRequest): EngineAnswer => simulateAnswerWith(request, {});

export function simulateAnswerWith(request: EngineRequest, options: SimulationOptions): EngineAnswer {
  const { simulator } = profileOf(request.engine);
  const context = contextFor(request, options);
  const ads = simulatedAds(context);
  const shopping = simulatedShopping(context);
  if (simulator.overviewOptional && !showsOverview(context)) {
    return { content: '', citations: [], webSearchQuery: [], ads, shopping, overviewAvailable: false, producedBy: 'simulator', model: SIMULATOR_MODEL };
  }
  const [min, max] = simulator.brandsPerAnswer;
  const count = context.random.between(min, max);
  if ((request.replicate ?? 0) > 0) context.sameDay = sameDayChallengers(request, options);
  const plan = planMentions(context, count);
  const citations = rankCitations(pickCitations(context, plan.mentions));
  return {
    content: composeContent(context, plan, citations.length),
    citations,
    webSearchQuery: fanOutQueries(context, plan.mentions),
    ads,
    shopping,
    overviewAvailable: true,
    producedBy: 'simulator',
    model: SIMULATOR_MODEL,
  };
}

/**
 * The challengers replicate 0 of the same cell names: a cell's replicates share the day's sources, so each of
 * them repeats replicate 0's choice of a challenger part of the time (`SAME_DAY_STICKINESS` in the mentions).
 */
function sameDayChallengers(request: EngineRequest, options: SimulationOptions): ReadonlySet<string> {
  const { simulator } = profileOf(request.engine);
  const context = contextFor({ ...request, replicate: 0 }, options);
  // The same draws as replicate 0's answer, in its order: its ads and shopping come first.
  simulatedAds(context);
  simulatedShopping(context);
  if (simulator.overviewOptional && !showsOverview(context)) return new Set();
  const [min, max] = simulator.brandsPerAnswer;
  const plan = planMentions(context, context.random.between(min, max));
  return new Set(plan.mentions.map((mention) => mention.brand.name));
}

function contextFor(request: EngineRequest, options: SimulationOptions): AnswerContext {
  return {
    trends: options.trends ?? true,
    sameDay: null,
    engine: request.engine,
    prompt: request.prompt,
    country: request.country,
    profile: profilePrompt(request.prompt),
    // Replicate k starts from the day's seed plus k: replicate 0 is the answer given before replicates existed.
    random: new Random(hashString(`${request.prompt}\u0000${request.engine}\u0000${request.country}\u0000${request.date}`) + (request.replicate ?? 0)),
    day: Math.floor(Date.parse(request.date) / 86_400_000),
  };
}

function showsOverview(context: AnswerContext): boolean {
  if (stableUnit(`${context.prompt}|overview|${context.country}`) < NEVER_OVERVIEW_SHARE) return false;
  return !context.random.chance(DAILY_NO_OVERVIEW_RATE);
}
