import type { EngineId } from '../engine.js';
import { profileOf } from '../profiles/index.js';
import type { SimBrand, SimCategory } from './catalog/types.js';
import { ABSENCE, NEGATIVE, NEGATIVE_GENERAL, NEUTRAL, POSITIVE, POSITIVE_GENERAL } from './phrases.js';
import type { PromptProfile } from './profile.js';
import { stableUnit, type Random } from './random.js';

/**
 * Which brands an answer names, in which order, and what it says about each. A brand's standing is part
 * stable (its popularity in the category, how this engine tends to see this prompt) and part daily noise,
 * so rankings drift from day to day the way real engines do without reshuffling completely.
 */

export interface Mention {
  brand: SimBrand;
  /** The name as the answer writes it: the brand name or one of its aliases. */
  name: string;
  /** Sentences about the brand, the first one naming it. */
  sentences: string[];
}

export interface MentionPlan {
  mentions: Mention[];
  /** "I couldn't find much information about X" sentences, for brands the engine cannot place. */
  absences: string[];
}

export interface AnswerContext {
  engine: EngineId;
  prompt: string;
  country: string;
  profile: PromptProfile;
  random: Random;
  /** Days since 1970-01-01, for slow trends. */
  day: number;
  /** Whether challengers follow their slow trends (the calibration bench holds them at their mean). */
  trends: boolean;
  /** For a replicate after the first, the challengers the cell's replicate 0 names; null for replicate 0. */
  sameDay: ReadonlySet<string> | null;
}

const POPULARITY_WEIGHT = 1.2;
const PROMPT_AFFINITY_WEIGHT = 0.7;
const DAILY_NOISE_WEIGHT = 0.55;
const NAMED_IN_PROMPT_BOOST = 3;
const CHALLENGER_ABSENCE_RATE = 0.05;
const UNKNOWN_MENTION_RATE = 0.45;
const UNKNOWN_ABSENCE_RATE = 0.2;
/**
 * The share of a later replicate's challenger choices that repeat replicate 0's: answers of one day share their
 * sources, so replicates agree more often than independent draws would (the rest are drawn afresh at the same rate,
 * so a challenger's coverage is unchanged). An assumption of the simulator, not a measurement.
 */
const SAME_DAY_STICKINESS = 0.5;

export function planMentions(context: AnswerContext, count: number): MentionPlan {
  const { category, unknownNames } = context.profile;
  const ranked = rankCatalogBrands(context).slice(0, count);
  const absences: string[] = [];
  for (const { brand, rate } of category.challengers) {
    const named = context.profile.namedBrands.has(brand);
    if (chosen(context, brand, named ? 0.8 : rate * (context.trends ? trend(context.day) : 1))) insertLower(ranked, brand, context.random);
    else if (context.random.chance(CHALLENGER_ABSENCE_RATE)) absences.push(fill(context.random.pick(ABSENCE), { b: brand.name }));
  }
  for (const name of unknownNames) {
    const roll = context.random.next();
    if (roll < UNKNOWN_MENTION_RATE) insertLower(ranked, unknownBrand(name), context.random);
    else if (roll < UNKNOWN_MENTION_RATE + UNKNOWN_ABSENCE_RATE) absences.push(fill(context.random.pick(ABSENCE), { b: name }));
  }
  const mentions = ranked.map((brand, rank) => describe(brand, context, sentenceCount(context), rank / ranked.length));
  return { mentions, absences };
}

function rankCatalogBrands(context: AnswerContext): SimBrand[] {
  const { brands } = context.profile.category;
  const scored = brands.map((brand, index) => {
    const popularity = POPULARITY_WEIGHT * (1 - index / brands.length);
    const affinity = PROMPT_AFFINITY_WEIGHT * stableUnit(`${context.prompt}|${context.engine}|${context.country}|${brand.name}`);
    const boost = context.profile.namedBrands.has(brand) ? NAMED_IN_PROMPT_BOOST : 0;
    return { brand, score: popularity + affinity + boost + DAILY_NOISE_WEIGHT * context.random.next() };
  });
  return scored.sort((left, right) => right.score - left.score).map((entry) => entry.brand);
}

/** Whether a challenger is named: afresh at `rate`, or in a later replicate, part of the time as replicate 0 chose. */
function chosen(context: AnswerContext, brand: SimBrand, rate: number): boolean {
  const fresh = context.random.chance(rate);
  if (context.sameDay === null || !context.random.chance(SAME_DAY_STICKINESS)) return fresh;
  return context.sameDay.has(brand.name);
}

/** A challenger's visibility rises and falls over weeks, so a 30-day demo shows a trend to explain. */
function trend(day: number): number {
  return 0.8 + 0.4 * (0.5 + 0.5 * Math.sin(day / 6));
}

/** Smaller brands land in the lower half of a list, rarely at the top. */
function insertLower(ranked: SimBrand[], brand: SimBrand, random: Random): void {
  ranked.splice(random.between(Math.floor(ranked.length / 2), ranked.length), 0, brand);
}

function unknownBrand(name: string): SimBrand {
  const domain = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.com`;
  return { name, domain, strength: 'a growing feature set', weakness: 'few independent reviews so far', aliases: [], products: [] };
}

function sentenceCount(context: AnswerContext): number {
  const [min, max] = profileOf(context.engine).simulator.sentencesPerBrand;
  return context.random.between(min, max);
}

type Tone = 'positive' | 'neutral' | 'negative';

/** Per tone: templates naming the brand's strength or weakness, then ones that do not repeat it. */
const TEMPLATES: Record<Tone, readonly [readonly string[], readonly string[]]> = {
  positive: [POSITIVE, POSITIVE_GENERAL],
  neutral: [NEUTRAL, NEUTRAL],
  negative: [NEGATIVE, NEGATIVE_GENERAL],
};

const TOP_RANK_PRAISE = 0.25;
const PRONOUN_RATE = 0.25;

function describe(brand: SimBrand, context: AnswerContext, count: number, rankShare: number): Mention {
  const { random } = context;
  const name = brand.aliases.length > 0 && random.chance(0.2) ? random.pick(brand.aliases) : brand.name;
  const usedTemplates = new Set<string>();
  const usedTones = new Set<Tone>();
  const sentences: string[] = [];
  for (let index = 0; index < count; index++) {
    const tone = pickTone(brand, context, index === 0 ? TOP_RANK_PRAISE * (1 - rankShare) : 0);
    const [specific, general] = TEMPLATES[tone];
    const fresh = (usedTones.has(tone) ? general : specific).filter((template) => !usedTemplates.has(template));
    const template = random.pick(fresh.length > 0 ? fresh : general);
    usedTemplates.add(template);
    usedTones.add(tone);
    sentences.push(fill(template, vars(brand, index === 0 ? name : laterName(brand, template, random), context)));
  }
  return { brand, name, sentences };
}

/** After the first sentence an answer may say "it", or switch between the brand's names. */
function laterName(brand: SimBrand, template: string, random: Random): string {
  if (random.chance(PRONOUN_RATE)) return template.startsWith('{b}') ? 'It' : 'it';
  return brand.aliases.length > 0 && random.chance(0.35) ? random.pick(brand.aliases) : brand.name;
}

/**
 * Each brand has a stable reputation (some are mostly praised, some draw more complaints), and answers
 * open their top picks on a warmer note than the brands further down.
 */
function pickTone(brand: SimBrand, context: AnswerContext, praise: number): Tone {
  const mood = stableUnit(`${context.profile.category.id}|${brand.name}`);
  const positive = 0.35 + 0.3 * mood + praise;
  const negative = (0.3 - 0.15 * mood) * (1 - praise);
  const roll = context.random.next();
  if (roll < positive) return 'positive';
  return roll > 1 - negative ? 'negative' : 'neutral';
}

function vars(brand: SimBrand, written: string, context: AnswerContext): Record<string, string> {
  const { category } = context.profile;
  const [aspect, otherAspect] = context.random.sample(category.aspects, 2);
  return {
    b: written,
    s: brand.strength,
    w: brand.weakness,
    a: aspect ?? '',
    a2: otherAspect ?? '',
    u: context.random.pick(category.audiences),
    l: category.label,
  };
}

/** Replaces `{name}` placeholders; a capitalized placeholder (`{L}`) gives the value capitalized. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, key: string) => {
    const value = values[key] ?? values[key.toLowerCase()];
    if (value === undefined) return placeholder;
    return key === key.toLowerCase() ? value : capitalize(value);
  });
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function categoryVars(category: SimCategory, context: AnswerContext): Record<string, string> {
  return { l: category.label, u: context.random.pick(category.audiences), a: context.random.pick(category.aspects) };
}
