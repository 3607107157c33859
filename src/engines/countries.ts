import { COUNTRY_CODES, type CountryCode } from '../domain/shared/countries.js';
import { COUNTRY_LOCATIONS } from './adapters/countryLocations.js';
import type { EngineId } from './engine.js';

/**
 * The countries geolens offers per engine, approximated from the providers' published availability
 * (OpenAI, Anthropic and Perplexity supported-country lists; Google's AI Overviews and AI Mode rollout,
 * which SerpApi mirrors through `gl`). The same lists apply whether an engine runs for real or on the
 * simulator, so a workspace's prompts do not change meaning when a key is added.
 */

/** Territories without residents to search from. */
const UNINHABITED = ['aq', 'bv', 'hm', 'tf', 'gs', 'um', 'pn'];

/** Comprehensive US sanctions: no US AI provider serves them. */
const SANCTIONED = ['cu', 'ir', 'kp', 'sy'];

/** Where OpenAI and Anthropic do not offer their APIs or consumer apps. */
const LLM_PROVIDER_EXCLUDED = [...SANCTIONED, 'cn', 'hk', 'mo', 'ru', 'by', 've', 'af'];

/** Where Google does not offer AI Mode (Oxylabs' AI Mode availability notes); AI Overviews follow the same map. */
const GOOGLE_AI_EXCLUDED = [...SANCTIONED, 'cn', 'fr', 'tr'];

const inhabited = COUNTRY_CODES.filter((country) => !UNINHABITED.includes(country));

const except = (excluded: readonly string[]): CountryCode[] => inhabited.filter((country) => !excluded.includes(country));

export const SUPPORTED_COUNTRIES: Record<EngineId, readonly CountryCode[]> = {
  chatgpt: except(LLM_PROVIDER_EXCLUDED),
  claude: except(LLM_PROVIDER_EXCLUDED),
  perplexity: except([...SANCTIONED, 'cn', 'ru', 'by']),
  google: except(GOOGLE_AI_EXCLUDED),
  google_ai_mode: except(GOOGLE_AI_EXCLUDED),
  // SerpApi's bing_copilot engine takes no location: real Copilot runs answer from SerpApi's default location.
  copilot: except([...SANCTIONED, 'cn', 'ru', 'by']),
  // Gemini grounding is placed by coordinates, so it is offered where geolens knows where to place a searcher.
  gemini: (Object.keys(COUNTRY_LOCATIONS) as CountryCode[]).filter((country) => !['hk', ...SANCTIONED].includes(country)).sort(),
};
