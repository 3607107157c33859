import { COUNTRY_CODES, type CountryCode } from '../domain/shared/countries.js';
import { COUNTRY_LOCATIONS } from './adapters/countryLocations.js';

/**
 * The building blocks of the countries each engine profile offers, approximated from the providers'
 * published availability (OpenAI, Anthropic and Perplexity supported-country lists; Google's AI Overviews
 * and AI Mode rollout, which SerpApi mirrors through `gl`). The same lists apply whether an engine runs for
 * real or on the simulator, so a workspace's prompts do not change meaning when a key is added.
 */

/** Territories without residents to search from. */
const UNINHABITED = ['aq', 'bv', 'hm', 'tf', 'gs', 'um', 'pn'];

/** Comprehensive US sanctions: no US AI provider serves them. */
export const SANCTIONED = ['cu', 'ir', 'kp', 'sy'];

/** Where OpenAI and Anthropic do not offer their APIs or consumer apps. */
export const LLM_PROVIDER_EXCLUDED = [...SANCTIONED, 'cn', 'hk', 'mo', 'ru', 'by', 've', 'af'];

/** Where Google does not offer AI Mode (Oxylabs' AI Mode availability notes); AI Overviews follow the same map. */
export const GOOGLE_AI_EXCLUDED = [...SANCTIONED, 'cn', 'fr', 'tr'];

const inhabited = COUNTRY_CODES.filter((country) => !UNINHABITED.includes(country));

/** Every inhabited country but the excluded ones. */
export const offeredExcept = (excluded: readonly string[]): CountryCode[] => inhabited.filter((country) => !excluded.includes(country));

/** The countries geolens knows where to place a searcher in (by coordinates), but the excluded ones. */
export const placeableExcept = (excluded: readonly string[]): CountryCode[] =>
  (Object.keys(COUNTRY_LOCATIONS) as CountryCode[]).filter((country) => !excluded.includes(country)).sort();
