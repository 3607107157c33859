import type { Ad, ShoppingItem } from '../engine.js';
import { profileOf } from '../profiles/index.js';
import type { SimBrand } from './catalog/types.js';
import type { AnswerContext, Mention } from './mentions.js';
import { hashString } from './random.js';

/**
 * What surrounds a simulated answer: the searches the engine fanned out to, and, on commercial surfaces,
 * text ads from software vendors and shopping results for product categories.
 */

const COUNTRY_NAMES: Record<string, string> = {
  uk: 'uk', de: 'germany', fr: 'france', ca: 'canada', au: 'australia', in: 'india', es: 'spain', it: 'italy', nl: 'netherlands',
};

const EURO_COUNTRIES = new Set(['de', 'fr', 'es', 'it', 'nl', 'ie', 'at', 'be', 'pt', 'fi', 'gr', 'lu']);

const AD_HEADLINES = ['Try It Free for 14 Days', 'Official Site', 'Plans for Every Team', 'Book a Demo Today'];
const PRODUCT_AD_HEADLINES = ['Shop the New Collection', 'Free Shipping & Returns', 'Official Store'];
const SHOPPING_TAGS = ['Sale', 'Free delivery', 'Top rated', 'Low price'];

export function fanOutQueries(context: AnswerContext, mentions: readonly Mention[]): string[] {
  const { label, audiences } = context.profile.category;
  const year = new Date(context.day * 86_400_000).getUTCFullYear();
  const [first, second] = mentions;
  const candidates = [
    context.prompt.toLowerCase().replace(/[?!.]+$/, '').trim(),
    `best ${label} ${year}`,
    `best ${label} for ${context.random.pick(audiences)}`,
    first && second ? `${first.name} vs ${second.name}` : `${label} comparison`,
    first ? `${first.name} reviews` : `${label} reviews`,
    `${label} pricing comparison`,
    `${label} reddit`,
    ...(COUNTRY_NAMES[context.country] ? [`best ${label} ${COUNTRY_NAMES[context.country]}`] : []),
  ];
  const [min, max] = profileOf(context.engine).simulator.queriesPerAnswer;
  const [lead, ...others] = candidates;
  return [...new Set([lead ?? label, ...context.random.sample(others, context.random.between(min, max) - 1)])];
}

export function simulatedAds(context: AnswerContext): Ad[] {
  const { brands, kind } = context.profile.category;
  if (brands.length === 0 || !context.random.chance(profileOf(context.engine).simulator.adRate)) return [];
  const headlines = kind === 'product' ? PRODUCT_AD_HEADLINES : AD_HEADLINES;
  return context.random.sample(brands, context.random.between(1, 3)).map((brand, index) => ({
    title: `${brand.name} - ${context.random.pick(headlines)}`,
    url: `https://www.${brand.domain}/`,
    ...(context.random.chance(0.3) && { image: imageUrl(`${brand.name}|ad`) }),
    brand: brand.name,
    position: index + 1,
  }));
}

export function simulatedShopping(context: AnswerContext): ShoppingItem[] {
  const { brands, kind } = context.profile.category;
  if (kind !== 'product' || !context.random.chance(profileOf(context.engine).simulator.shoppingRate)) return [];
  return context.random.sample(brands, context.random.between(2, 5)).map((brand, index) => product(context, brand, index + 1));
}

function product(context: AnswerContext, brand: SimBrand, position: number): ShoppingItem {
  const { random } = context;
  const model = brand.products.length > 0 ? random.pick(brand.products) : 'Classic';
  const slug = `${brand.name} ${model}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const [low, high] = context.profile.category.priceRange;
  const price = random.between(low, high) + random.pick([0.99, 0.95, 0]);
  return {
    title: `${brand.name} ${model}`,
    image: imageUrl(`${brand.name}|${model}`),
    link: `https://www.${brand.domain}/${slug}`,
    ...(random.chance(0.3) && { tag: random.pick(SHOPPING_TAGS) }),
    position,
    price: formatPrice(price, context.country),
    rating: Math.round((3.9 + random.next()) * 10) / 10,
  };
}

function formatPrice(amount: number, country: string): string {
  if (country === 'uk') return `£${amount.toFixed(2)}`;
  if (EURO_COUNTRIES.has(country)) return `${amount.toFixed(2).replace('.', ',')} €`;
  return `$${amount.toFixed(2)}`;
}

function imageUrl(key: string): string {
  return `https://encrypted-tbn0.gstatic.com/shopping?q=tbn:ANd9Gc${hashString(key).toString(36)}`;
}
