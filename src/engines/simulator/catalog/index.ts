import { BUSINESS_SOFTWARE } from './businessSoftware.js';
import { COMMERCE } from './commerce.js';
import { source, type SimCategory } from './types.js';
import { WEB_SOFTWARE } from './webSoftware.js';

export const CATEGORIES: readonly SimCategory[] = [...BUSINESS_SOFTWARE, ...WEB_SOFTWARE, ...COMMERCE];

/** For prompts of no known category: a general answer that names only the brands the prompt itself names. */
export const GENERAL: SimCategory = {
  id: 'general',
  label: 'options',
  keywords: [],
  audiences: ['most people', 'beginners', 'budget-conscious buyers'],
  aspects: ['price', 'build quality', 'customer reviews', 'availability', 'after-sales support'],
  brands: [],
  challengers: [],
  kind: 'software',
  priceRange: [0, 0],
  wikipedia: 'Comparison_shopping_website',
  subreddit: 'BuyItForLife',
  sources: [
    source('news', 'https://www.consumerreports.org/buying-guides/', 'Buying Guides | Consumer Reports'),
    source('news', 'https://www.nytimes.com/wirecutter/', 'Wirecutter: Reviews for the Real World'),
    source('news', 'https://www.bbc.com/news/business', 'Business - BBC News'),
    source('gov', 'https://www.usa.gov/consumer', 'Consumer issues | USAGov'),
    source('edu', 'https://www.health.harvard.edu/', 'Harvard Health'),
  ],
};

/**
 * The category whose keywords the prompt contains most often; ties go to the earlier category. A keyword
 * counts only at the start of a word, so "crm" does not match inside an unrelated word.
 */
export function categorize(prompt: string): SimCategory {
  const text = prompt.toLowerCase();
  let best = GENERAL;
  let bestHits = 0;
  for (const category of CATEGORIES) {
    const hits = category.keywords.reduce((count, keyword) => count + (startsWordAt(text, keyword) ? 1 : 0), 0);
    if (hits > bestHits) {
      best = category;
      bestHits = hits;
    }
  }
  return best;
}

function startsWordAt(text: string, keyword: string): boolean {
  for (let index = text.indexOf(keyword); index !== -1; index = text.indexOf(keyword, index + 1)) {
    if (index === 0 || !/[\p{L}\p{N}]/u.test(text.charAt(index - 1))) return true;
  }
  return false;
}
