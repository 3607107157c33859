import { describe, expect, test } from '@jest/globals';
import { classifySentence } from '../../../src/domain/analysis/index.js';

describe('classifySentence', () => {
  test.each([
    'Acme is a popular choice for small teams.',
    'Acme is awesome.',
    'Reviewers praise Acme for its support team.',
    'Acme is easy to use and reliable.',
    'Acme is intuitive.',
    'Acme is user-friendly.',
    'Acme has an easy-to-use editor.',
    'Acme is not expensive.',
    'Acme is not only affordable but also powerful.',
    'ACME IS EXCELLENT.',
  ])('positive: %j', (sentence) => {
    expect(classifySentence(sentence)).toBe('positive');
  });

  test.each([
    'Acme was founded in 2012 in Austin.',
    'Acme offers a free plan.',
    'Tools like Acme integrate with Slack.',
    'Acme supports single sign-on.',
    'Acme helps teams share files.',
    'Acme is powerful but expensive.',
    'Acme has a limited free tier.',
    'Acme has no ads.',
    '',
  ])('neutral, including product facts that the tweet-trained lexicon would score: %j', (sentence) => {
    expect(classifySentence(sentence)).toBe('neutral');
  });

  test.each([
    'Acme is expensive for large teams.',
    'Acme has a steep learning curve.',
    'Acme is not very good.',
    "Acme isn't reliable.",
    'Acme isn’t reliable.',
    'Users complain that Acme is buggy and slow.',
    'Acme lacks integrations.',
    'Acme is terrible.',
  ])('negative: %j', (sentence) => {
    expect(classifySentence(sentence)).toBe('negative');
  });

  test('the spans of brand names are left out, so a name made of sentiment words does not count', () => {
    const text = 'Best Buy sells TVs and laptops.';
    expect(classifySentence(text)).toBe('positive');
    expect(classifySentence(text, 0, text.length, [{ start: 0, end: 8 }])).toBe('neutral');
  });

  test('a range of a longer text is classified alone', () => {
    const text = 'Acme is terrible. Globex is excellent.';
    expect(classifySentence(text, 0, 17)).toBe('negative');
    expect(classifySentence(text, 18, text.length)).toBe('positive');
  });
});
