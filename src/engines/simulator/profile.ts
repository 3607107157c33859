import { CATEGORIES, categorize } from './catalog/index.js';
import type { SimBrand, SimCategory } from './catalog/types.js';

/**
 * What the simulator reads from a prompt's text, once per distinct prompt: its category, the catalog
 * brands it names, and the names it mentions that no catalog knows ("Is Acme Cloud any good?").
 */
export interface PromptProfile {
  category: SimCategory;
  /** Catalog brands of the category (challengers included) that the prompt names. */
  namedBrands: ReadonlySet<SimBrand>;
  /** Capitalized names the prompt uses that are no brand of any category. */
  unknownNames: readonly string[];
}

const MAX_UNKNOWN_NAMES = 2;
const CACHE_LIMIT = 10_000;

/** Capitalized words that start questions or name markets, not brands. */
const NOT_BRANDS = new Set(
  [
    'what', 'which', 'who', 'how', 'why', 'where', 'when', 'is', 'are', 'can', 'could', 'should', 'would', 'do',
    'does', 'best', 'top', 'the', 'a', 'an', 'i', 'my', 'we', 'our', 'compare', 'comparing', 'recommend', 'list',
    'for', 'and', 'or', 'vs', 'versus', 'in', 'of', 'to', 'with', 'any', 'good', 'cheap', 'free', 'alternatives',
    'uk', 'us', 'usa', 'eu', 'ai', 'saas', 'b2b', 'b2c', 'api', 'seo', 'smb', 'ceo', 'it', 'hr',
  ],
);

const CAPITALIZED_RUN = /[A-Z][\p{L}\p{N}&'.-]*(?:\s+[A-Z][\p{L}\p{N}&'.-]*)*/gu;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

const knownNames: ReadonlySet<string> = new Set(
  CATEGORIES.flatMap((category) =>
    [...category.brands, ...category.challengers.map((challenger) => challenger.brand)].flatMap((brand) =>
      [brand.name, ...brand.aliases].map((name) => name.toLowerCase()),
    ),
  ),
);

const cache = new Map<string, PromptProfile>();

export function profilePrompt(prompt: string): PromptProfile {
  const cached = cache.get(prompt);
  if (cached !== undefined) return cached;
  const category = categorize(prompt);
  const profile: PromptProfile = { category, namedBrands: namedBrands(prompt, category), unknownNames: unknownNames(prompt, category) };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(prompt, profile);
  return profile;
}

function namedBrands(prompt: string, category: SimCategory): Set<SimBrand> {
  const text = prompt.toLowerCase();
  const candidates = [...category.brands, ...category.challengers.map((challenger) => challenger.brand)];
  return new Set(candidates.filter((brand) => [brand.name, ...brand.aliases].some((name) => containsWord(text, name.toLowerCase()))));
}

/** "On" the shoe brand is named in "On Cloudmonster review", not in "shoes on sale". */
function containsWord(text: string, word: string): boolean {
  for (let index = text.indexOf(word); index !== -1; index = text.indexOf(word, index + 1)) {
    const before = text.charAt(index - 1);
    const after = text.charAt(index + word.length);
    if (!WORD_CHARACTER.test(before) && !WORD_CHARACTER.test(after)) return true;
  }
  return false;
}

function unknownNames(prompt: string, category: SimCategory): string[] {
  const names: string[] = [];
  for (const match of prompt.matchAll(CAPITALIZED_RUN)) {
    const words = match[0].split(/\s+/);
    const wordCount = words.length;
    while (words.length > 0 && NOT_BRANDS.has((words[0] ?? '').toLowerCase())) words.shift();
    // A lone capitalized word opening a sentence ("Looking for a CRM") is grammar, not a brand.
    if (words.length === 1 && wordCount === 1 && opensSentence(prompt, match.index)) continue;
    const name = words.join(' ').replace(/[.'-]+$/, '');
    if (isUnknownBrand(name, category) && !names.includes(name)) names.push(name);
  }
  return names.slice(0, MAX_UNKNOWN_NAMES);
}

function opensSentence(prompt: string, index: number): boolean {
  return /(^|[.!?:]\s*)$/.test(prompt.slice(0, index));
}

function isUnknownBrand(name: string, category: SimCategory): boolean {
  const lower = name.toLowerCase();
  if (name.length < 2 || NOT_BRANDS.has(lower) || knownNames.has(lower)) return false;
  return !category.keywords.includes(lower) && !category.label.toLowerCase().includes(lower);
}
