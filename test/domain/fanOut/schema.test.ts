import { describe, expect, test } from '@jest/globals';
import { fanOutInputSchema } from '../../../src/domain/fanOut/index.js';

describe('fanOutInputSchema', () => {
  test('country defaults to us and engines to ChatGPT, Google AI Mode and Gemini', () => {
    expect(fanOutInputSchema.parse({ question: 'best CRM for a small business' })).toEqual({
      question: 'best CRM for a small business',
      country: 'us',
      engines: ['chatgpt', 'google_ai_mode', 'gemini'],
    });
  });

  test('an engine named twice runs once', () => {
    expect(fanOutInputSchema.parse({ question: 'best CRM', engines: ['claude', 'claude', 'perplexity'] }).engines).toEqual(['claude', 'perplexity']);
  });

  test.each([
    ['an empty question', { question: '   ' }],
    ['a question over 500 characters', { question: 'x'.repeat(501) }],
    ['an unknown engine', { question: 'best CRM', engines: ['bing'] }],
    ['no engine at all', { question: 'best CRM', engines: [] }],
    ['gb for the United Kingdom', { question: 'best CRM', country: 'gb' }],
  ])('refuses %s', (_case, input) => {
    expect(fanOutInputSchema.safeParse(input).success).toBe(false);
  });

  test('a question of exactly 500 characters is accepted', () => {
    expect(fanOutInputSchema.safeParse({ question: 'x'.repeat(500) }).success).toBe(true);
  });
});
