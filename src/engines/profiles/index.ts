import { ENGINE_IDS, type EngineId } from '../engine.js';
import { chatgpt } from './chatgpt.js';
import { claude } from './claude.js';
import { copilot } from './copilot.js';
import { gemini } from './gemini.js';
import { google } from './google.js';
import { googleAiMode } from './googleAiMode.js';
import { perplexity } from './perplexity.js';
import type { EngineProfile } from './profile.js';

export type { EngineProfile } from './profile.js';

/** Every engine's profile by id; the type refuses an engine value of the domain without its profile. */
const PROFILES: { readonly [Id in EngineId]: EngineProfile<Id> } = {
  chatgpt,
  google,
  google_ai_mode: googleAiMode,
  perplexity,
  copilot,
  gemini,
  claude,
};

export const profileOf = <Id extends EngineId>(id: Id): EngineProfile<Id> => PROFILES[id];

/** The profiles in the order of the domain's engine values. */
export const ENGINE_PROFILES: readonly EngineProfile[] = ENGINE_IDS.map((id) => PROFILES[id]);
