/**
 * The words that reveal how a search relates to a question and what the searcher wants. Phrases are
 * lowercase and matched on whole words. Lists are kept short and aimed at the queries AI engines actually
 * run: keyword-style English searches about products, services and how-to topics.
 */

/** Words that carry no topic: grammar, question scaffolding and filler. */
export const STOPWORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'and', 'or', 'of', 'to', 'in', 'on', 'for', 'with', 'at', 'by', 'from', 'about', 'into', 'as',
  'is', 'are', 'was', 'were', 'be', 'been', 'am', 'do', 'does', 'did', 'can', 'could', 'should', 'would', 'will',
  'what', 'which', 'who', 'whom', 'how', 'why', 'when', 'where', 'whats', "what's", 'that', 'this', 'these', 'those',
  'i', "i'm", 'im', 'me', 'my', 'we', 'our', 'us', 'you', 'your', 'it', 'its', "it's", 'they', 'them', 'their',
  'there', 'any', 'some', 'please', 'tell', 'recommend', 'suggest', 'looking', 'need', 'want', 'use', 'using',
  'get', 'find', 'choose', 'pick', 'really', 'actually', 'right', 'one', 'ones', 'so', 'if', 'than', 'then',
  'vs', 'vs.', 'versus', 'not', 'no', 'yes', 'just', 'also', 'more', 'most', 'very', 'much', 'many', 'out',
]);

/**
 * Words a search adds without changing what it asks: "best CRM software" restates "best CRM". Ranking words
 * sit here too, since a question about the best option and a search for the top ones ask the same thing.
 */
export const GENERIC_WORDS: ReadonlySet<string> = new Set([
  'software', 'tool', 'tools', 'app', 'apps', 'application', 'applications', 'platform', 'platforms', 'solution',
  'solutions', 'option', 'options', 'service', 'services', 'product', 'products', 'program', 'programs', 'system',
  'systems', 'provider', 'providers', 'company', 'companies', 'brand', 'brands', 'list', 'best', 'top', 'good',
  'great', 'recommended', 'popular', 'leading', 'rated', 'top-rated', 'ranked', 'ranking', 'rankings', 'choice',
  'choices', 'pick', 'picks', 'recommendation', 'recommendations', 'overall', 'ultimate', 'online', 'way', 'ways',
  'step', 'steps', 'method', 'methods',
]);

/** Acronyms that name a kind of thing, not a brand: "CRM" is a category, "IBM" a company. */
export const GENERIC_ACRONYMS: ReadonlySet<string> = new Set([
  'ai', 'api', 'b2b', 'b2c', 'crm', 'erp', 'seo', 'sem', 'ppc', 'saas', 'paas', 'iaas', 'hr', 'it', 'pc', 'tv',
  'vpn', 'gps', 'diy', 'faq', 'pdf', 'roi', 'kpi', 'smb', 'smbs', 'cms', 'cdn', 'llm', 'ev', 'evs', 'ssd', 'hdd',
  'usb', 'ux', 'ui', 'ceo', 'cto', 'cfo', 'hris', 'pos', 'sms', 'vat', 'llc', 'ira', 'etf', 'etfs', 'rv',
  'suv', 'suvs', 'ios', 'mac', 'os', 'uk', 'us', 'usa', 'eu', 'ppe', 'ssl', 'dns', 'crms', 'pcs', 'tvs', 'apis',
  'kpis', 'ats', 'nas', 'ssds', 'gpu', 'gpus', 'cpu', 'cpus', 'ram',
]);

/** Question openers and sentence starts that are capitalized by grammar, not because they name something. */
export const SENTENCE_OPENERS: ReadonlySet<string> = new Set([
  'best', 'top', 'how', 'what', 'which', 'who', 'why', 'where', 'when', 'is', 'are', 'can', 'should', 'do', 'does',
  'free', 'cheap', 'cheapest', 'latest', 'new', 'newest', 'recent', 'current', 'compare', 'comparing', 'looking',
  'recommend', 'list', 'good', 'easy', 'easiest', 'affordable', 'most', 'reviews', 'review', 'pricing', 'price',
  'guide', 'tips', 'ideas', 'ways', 'types', 'examples', 'benefits', 'alternatives', 'alternative', 'difference',
  'buy', 'i', "i'm", 'my', 'we', 'our', 'the', 'a', 'an', 'for', 'in', 'with', 'and', 'or', 'tell', 'considering',
  'explain', 'give', 'help', 'find', 'show', 'name', 'suggest', 'need', 'want', 'planning', 'trying', 'searching',
  'thinking', 'anyone', 'hey', 'hi', 'please', 'top-rated', 'ways', 'steps',
]);

/** "vs" and its kin: the search sets options against each other. */
export const VERSUS_CUES = [
  'vs', 'vs.', 'versus', 'compared to', 'compared with', 'compare', 'comparison', 'comparing', 'better than',
  'difference between', 'differences between', 'head to head', 'which is better',
];

/** The search asks for other options than the ones it names. */
export const ALTERNATIVE_CUES = ['alternatives to', 'alternative to', 'alternatives', 'alternative', 'competitors', 'similar to', 'like'];

/** The search asks for what is current. Years are recognized apart. */
export const RECENCY_CUES = [
  'latest', 'newest', 'new', 'recent', 'recently', 'current', 'currently', 'today', 'this year', 'this month',
  'this week', 'right now', 'now', 'upcoming', 'news', 'update', 'updates', 'updated', 'trend', 'trends',
];

/** A need the question implies without stating it; `label` names it in a reasoning sentence. */
export interface NeedGroup {
  label: string;
  phrases: readonly string[];
}

/**
 * Grouped so that "how much does it cost" and "pricing" count as the same need: a search for pricing adds
 * nothing to a question about cost.
 */
export const NEED_GROUPS: readonly NeedGroup[] = [
  {
    label: 'pricing',
    phrases: ['pricing', 'price', 'prices', 'cost', 'costs', 'how much', 'cheap', 'cheapest', 'affordable', 'budget', 'expensive', 'plans', 'fees', 'subscription'],
  },
  { label: 'free options', phrases: ['free', 'free plan', 'free version', 'free tier', 'open source'] },
  {
    label: 'reviews and reputation',
    phrases: ['reviews', 'review', 'rating', 'ratings', 'reddit', 'forum', 'opinions', 'complaints', 'pros and cons', 'pros', 'cons', 'worth it', 'worth', 'any good', 'legit', 'reliable', 'reliability', 'testimonials'],
  },
  { label: 'ease of use', phrases: ['easy to use', 'easiest', 'easy', 'ease of use', 'beginner', 'beginners', 'learning curve', 'simple', 'user friendly', 'user-friendly'] },
  { label: 'features', phrases: ['features', 'feature', 'capabilities', 'specs', 'specifications', 'limits', 'limitations'] },
  { label: 'setup and integrations', phrases: ['integration', 'integrations', 'integrate', 'setup', 'set up', 'install', 'installation', 'migration', 'migrate', 'onboarding', 'requirements'] },
  { label: 'how to choose', phrases: ['how to choose', 'how to pick', 'buying guide', 'what to look for', 'checklist for choosing'] },
  { label: 'support', phrases: ['customer support', 'customer service', 'support', 'warranty', 'refund', 'return policy'] },
  { label: 'safety and privacy', phrases: ['security', 'secure', 'privacy', 'safe', 'safety', 'side effects', 'risks', 'gdpr', 'compliance'] },
  { label: 'deals and discounts', phrases: ['deals', 'deal', 'discount', 'discounts', 'coupon', 'promo code', 'on sale', 'black friday'] },
  { label: 'where to buy', phrases: ['where to buy', 'buy', 'for sale', 'near me', 'in stock', 'delivery', 'shipping', 'free trial', 'trial', 'sign up', 'download'] },
  { label: 'access to the site', phrases: ['login', 'log in', 'sign in', 'official site', 'official website', 'website', 'homepage', 'contact', 'phone number', 'account'] },
  { label: 'sizing and fit', phrases: ['size', 'sizing', 'fit', 'dimensions', 'weight'] },
];

/** Searches about the topic around the question rather than the question itself. */
export const RELATED_CUES = [
  'what is', 'what are', 'how does', 'how do', 'how to', 'definition', 'meaning', 'explained', 'examples', 'types of',
  'benefits of', 'benefits', 'history of', 'tips', 'best practices', 'checklist', 'mistakes', 'guide', 'tutorial',
  'statistics', 'market share', 'strategy', 'strategies', 'ideas', 'trends in', 'use cases',
];

/** Intent cues, strongest class first; the first class with a match decides. */
export const NAVIGATIONAL_CUES = ['login', 'log in', 'sign in', 'official site', 'official website', 'website', 'homepage', 'phone number', 'contact', 'customer service number', 'account'];
export const TRANSACTIONAL_CUES = ['buy', 'where to buy', 'order', 'purchase', 'shop', 'for sale', 'coupon', 'promo code', 'discount', 'deals', 'deal', 'free trial', 'sign up', 'signup', 'subscribe', 'download', 'book', 'booking', 'near me', 'in stock', 'delivery'];
export const COMMERCIAL_CUES = [
  'best', 'top', 'review', 'reviews', 'vs', 'vs.', 'versus', 'compare', 'comparison', 'compared to', 'alternatives',
  'alternative', 'competitors', 'pricing', 'price', 'prices', 'cost', 'costs', 'how much', 'cheap', 'cheapest',
  'affordable', 'budget', 'worth it', 'pros and cons', 'recommended', 'rating', 'ratings', 'rated', 'top-rated',
  'which is better', 'better than', 'plans', 'free plan', 'free', 'reddit', 'any good', 'legit',
];

/** Phrases whose ranking word is not a buying cue: "best practices" is advice, not a product choice. */
export const INFORMATIONAL_PHRASES = ['best practices', 'best practice', 'best way', 'best ways', 'best time', 'top tips'];

/** Names used in searches for places beyond the ones Intl.DisplayNames gives. */
export const EXTRA_PLACE_NAMES = ['usa', 'u.s.', 'uk', 'u.k.', 'america', 'europe', 'eu', 'turkey', 'czech republic', 'south korea', 'uae', 'latin america', 'asia'];
