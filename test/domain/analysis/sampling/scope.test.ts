import { describe, expect, test } from '@jest/globals';
import { compileDetection } from '../../../../src/domain/analysis/index.js';
import { inPromptScope, isBrandedPrompt } from '../../../../src/domain/analysis/sampling/index.js';
import { identity, settings } from '../fixtures.js';

describe('branded prompts', () => {
  const detection = compileDetection(settings(identity('Acme', { brandVariations: ['Acme Cloud'] }), identity('Globex')));
  test.each([
    ['Is Acme worth it?', true],
    ['best acme cloud alternatives', true],
    ['What are the best CRM tools?', false],
    ['Is Globex better?', false],
    ['Acmeish tools', false],
  ])('%j is branded: %s', (text, branded) => {
    expect(isBrandedPrompt(text, detection)).toBe(branded);
  });

  test('a scope keeps branded, unbranded or all prompts', () => {
    expect([inPromptScope('branded', true), inPromptScope('branded', false)]).toEqual([true, false]);
    expect([inPromptScope('unbranded', true), inPromptScope('unbranded', false)]).toEqual([false, true]);
    expect([inPromptScope('all', true), inPromptScope('all', false)]).toEqual([true, true]);
  });
});
