import type { CompiledDetection } from '../detection.js';
import { findBrandMatches } from '../matcher.js';

/** Which prompts a request reads: those whose text names the report's brand, those that do not, or all. */
export type PromptScope = 'branded' | 'unbranded' | 'all';
export const PROMPT_SCOPES = ['branded', 'unbranded', 'all'] as const;

/** A prompt is branded when its text names the main brand (the answers' matching rules): such questions inflate its share of voice. */
export const isBrandedPrompt = (text: string, detection: CompiledDetection): boolean =>
  findBrandMatches(text, detection.matcher).some(({ brandIndex }) => brandIndex === 0);

export function inPromptScope(scope: PromptScope, branded: boolean): boolean {
  switch (scope) {
    case 'all':
      return true;
    case 'branded':
      return branded;
    case 'unbranded':
      return !branded;
  }
}
