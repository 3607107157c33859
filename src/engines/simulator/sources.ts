import { profileOf } from '../profiles/index.js';
import { source, type SimCategory, type SimSource, type SourceKind } from './catalog/types.js';
import { capitalize, type AnswerContext, type Mention } from './mentions.js';
import { hashString, Random } from './random.js';

/**
 * The pages a simulated answer cites: per category, a fixed pool (the catalog's review sites, press,
 * government and university pages, plus generated Wikipedia, Reddit, Quora, YouTube, Medium, Substack and
 * LinkedIn pages with stable URLs, so the same page is cited again on other days), and the vendor pages of
 * brands the answer names. Each engine favours some kinds of source, as the real ones do.
 */

export interface CitedPage {
  title: string;
  link: string;
}

const VENDOR_CITATION_RATE = 0.3;
const CHALLENGER_CITATION_RATE = 0.4;

const VENDOR_PAGES: Record<SimCategory['kind'], readonly { path: string; title: string }[]> = {
  software: [
    { path: '', title: '{name} | Official Site' },
    { path: 'pricing/', title: '{name} Pricing | Plans & Prices' },
    { path: 'features/', title: '{name} Features' },
  ],
  product: [
    { path: '', title: '{name} | Official Site' },
    { path: 'shop/', title: 'Shop {name} | Official Store' },
    { path: 'technology/', title: 'Our Technology | {name}' },
  ],
};

const AUTHORS = ['alexmorgan', 'priya.builds', 'jordanlee', 'samrivera', 'techwithmaya', 'danielkoh', 'ops.notes'];
const NEWSLETTERS = ['thesaasreport', 'operatorsnotes', 'gearweekly', 'smallbizdigest', 'buyersbrief'];

const pools = new Map<string, readonly SimSource[]>();

export function pickCitations(context: AnswerContext, mentions: readonly Mention[]): CitedPage[] {
  const { random, engine } = context;
  const year = String(new Date(context.day * 86_400_000).getUTCFullYear());
  const { citationsPerAnswer, sourceWeights } = profileOf(engine).simulator;
  const [min, max] = citationsPerAnswer;
  const picked = weightedSample(poolFor(context.profile.category), sourceWeights, random.between(min, max), random);
  const challengers = new Set(context.profile.category.challengers.map((challenger) => challenger.brand));
  for (const mention of mentions) {
    const rate = challengers.has(mention.brand) ? CHALLENGER_CITATION_RATE : VENDOR_CITATION_RATE;
    if (random.chance(rate)) picked.splice(random.between(0, picked.length), 0, vendorPage(mention, context));
  }
  return picked.map((page) => ({ title: page.title.replace('{year}', year), link: page.link }));
}

function vendorPage(mention: Mention, context: AnswerContext): SimSource {
  const page = context.random.pick(VENDOR_PAGES[context.profile.category.kind]);
  return source('vendor', `https://www.${mention.brand.domain}/${page.path}`, page.title.replace('{name}', mention.brand.name));
}

function weightedSample(
  pool: readonly SimSource[],
  weights: Partial<Record<SourceKind, number>>,
  count: number,
  random: Random,
): SimSource[] {
  const remaining = [...pool];
  const chosen: SimSource[] = [];
  while (chosen.length < count && remaining.length > 0) {
    const total = remaining.reduce((sum, page) => sum + (weights[page.kind] ?? 1), 0);
    let target = random.next() * total;
    const index = remaining.findIndex((page) => (target -= weights[page.kind] ?? 1) < 0);
    const [page] = remaining.splice(index === -1 ? remaining.length - 1 : index, 1);
    if (page !== undefined) chosen.push(page);
  }
  return chosen;
}

function poolFor(category: SimCategory): readonly SimSource[] {
  let pool = pools.get(category.id);
  if (pool === undefined) {
    pool = [...generatedSources(category), ...category.sources];
    pools.set(category.id, pool);
  }
  return pool;
}

/** Stable per category: the same Reddit thread or video keeps its URL across runs and days. */
function generatedSources(category: SimCategory): SimSource[] {
  const random = new Random(hashString(category.id));
  const label = category.label;
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const thread = (title: string): string => `https://www.reddit.com/r/${category.subreddit}/comments/${token(random, 7, 'lower')}/${title}/`;
  const [first, second] = category.brands;
  const rival = first && second ? ([first.name, second.name] as const) : undefined;
  const author = random.pick(AUTHORS);
  return [
    source('encyclopedia', `https://en.wikipedia.org/wiki/${category.wikipedia}`, `${category.wikipedia.replaceAll('_', ' ')} - Wikipedia`),
    ...category.brands.slice(0, 3).map((brand) =>
      source('encyclopedia', `https://en.wikipedia.org/wiki/${brand.name.replaceAll(' ', '_')}`, `${brand.name} - Wikipedia`),
    ),
    source('forum', thread(`which_${slug.replaceAll('-', '_')}_do_you_actually_use`), `Which ${label} do you actually use? : r/${category.subreddit}`),
    ...(rival ? [source('forum', thread(`${underscored(rival[0])}_vs_${underscored(rival[1])}_honest_opinions`), `${rival[0]} vs ${rival[1]}, honest opinions? : r/${category.subreddit}`)] : []),
    source('forum', `https://www.quora.com/What-are-the-best-${slug}`, `What are the best ${label}? - Quora`),
    source('video', `https://www.youtube.com/watch?v=${token(random, 11, 'any')}`, `Best ${titleCase(label)} in {year} (Tested & Compared)`),
    ...(rival ? [source('video', `https://www.youtube.com/watch?v=${token(random, 11, 'any')}`, `${rival[0]} vs ${rival[1]}: Which One Should You Pick?`)] : []),
    source('blog', `https://medium.com/@${author}/i-tested-${slug}-heres-what-i-learned-${token(random, 12, 'hex')}`, `I Tested ${random.between(5, 12)} ${titleCase(label)}. Here's What I Learned. | Medium`),
    source('blog', `https://${random.pick(NEWSLETTERS)}.substack.com/p/${slug}-buyers-guide`, `The ${label} buyer's guide`),
    source('social', `https://www.linkedin.com/pulse/how-we-chose-our-${slug}-${author.replace('.', '-')}-${token(random, 5, 'lower')}`, `How we chose our ${label} | LinkedIn`),
  ];
}

function titleCase(text: string): string {
  return text.split(' ').map(capitalize).join(' ');
}

function underscored(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

const ALPHABETS = {
  lower: 'abcdefghijklmnopqrstuvwxyz0123456789',
  hex: '0123456789abcdef',
  any: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
} as const;

function token(random: Random, length: number, alphabet: keyof typeof ALPHABETS): string {
  const characters = ALPHABETS[alphabet];
  let text = '';
  for (let index = 0; index < length; index++) text += characters.charAt(Math.floor(random.next() * characters.length));
  return text;
}
