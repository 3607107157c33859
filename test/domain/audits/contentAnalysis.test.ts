import { describe, expect, test } from '@jest/globals';
import {
  analyzeContent,
  clarityAndAssertiveness,
  semanticRepetition,
  specificity,
  summaryBlock,
} from '../../../src/domain/audits/index.js';
import { ARTICLE_PAGE, BARE_PAGE } from '../../support/fixtureSites/pages.js';
import { documentOf, pageWith, words } from './support.js';

const PLAIN_PROSE = [
  'Acme CRM keeps every customer conversation in one place.',
  'Sales teams log calls, emails and meetings without switching tools.',
  'Managers see the pipeline by stage, owner and expected close date.',
  'The mobile app works offline and syncs when the phone reconnects.',
  'Imports accept spreadsheets exported from most other systems.',
].join(' ');

describe('semanticRepetition', () => {
  test('gives prose without repeated phrases 100 and says none repeats', () => {
    expect(semanticRepetition(PLAIN_PROSE)).toEqual({ score: 100, description: 'None of the 47 three-word phrases repeats.' });
  });

  test('scores keyword-stuffed text low and quotes the phrases it repeats', () => {
    const stuffed = Array.from({ length: 8 }, () => 'The best CRM for small business is the best CRM for you.').join(' ');
    const result = semanticRepetition(stuffed);
    expect(result.score).toBe(0);
    expect(result.description).toMatch(/^89% of 94 three-word phrases repeat an earlier one; most repeated: "the best crm" ×16, "best crm for" ×16/);
  });

  test('orders texts by how much they repeat', () => {
    const someRepeats = `${PLAIN_PROSE} Acme CRM keeps every customer conversation in one place. Sales teams log calls, emails and meetings.`;
    expect(semanticRepetition(someRepeats).score).toBeLessThan(semanticRepetition(PLAIN_PROSE).score);
  });

  test.each(['', 'Hello world.', words(29)])('scores too little text 0 and says so: %j', (text) => {
    expect(semanticRepetition(text)).toMatchObject({ score: 0, description: expect.stringMatching(/too little to judge repetition\.$/) });
  });
});

describe('clarityAndAssertiveness', () => {
  test('gives short, direct sentences 100 and quotes what was measured', () => {
    expect(clarityAndAssertiveness(PLAIN_PROSE)).toEqual({
      score: 100,
      description: 'Average sentence 9.8 words over 5 sentences, 0 over 30 words; no hedges in 49 words.',
    });
  });

  test('takes points for hedging and quotes the hedges', () => {
    const hedged = `${PLAIN_PROSE} It might perhaps help some teams. It could be faster, maybe.`;
    const result = clarityAndAssertiveness(hedged);
    expect(result.score).toBe(60);
    expect(result.description).toContain('4 hedges ("might", "perhaps", "could be") in 60 words');
  });

  test('takes points for long sentences', () => {
    const sentence = (length: number) => `Then ${words(length - 1)}.`;
    const long = `${sentence(45)} ${sentence(50)} ${sentence(40)}`;
    const result = clarityAndAssertiveness(long);
    expect(result.score).toBe(40);
    expect(result.description).toBe('Average sentence 45.0 words over 3 sentences, 3 over 30 words; no hedges in 135 words.');
  });

  test('scores too little text 0', () => {
    expect(clarityAndAssertiveness('Short text.').score).toBe(0);
  });
});

describe('specificity', () => {
  test('gives text full of figures and names a high score and quotes examples', () => {
    const specific =
      'In 2024 Acme CRM cut onboarding from 12 days to 7 days. Support tickets fell 53% at Northwind and Globex. ' +
      'The Team plan costs $49 per user. Imports take 4 minutes for 50,000 contacts from Salesforce or HubSpot.';
    const result = specificity(specific);
    expect(result.score).toBe(100);
    expect(result.description).toMatch(/^7 figures \(e\.g\. "2024", "12", "7"\) and 7 capitalized names \(e\.g\. "Acme", "CRM", "Northwind"\)/);
    expect(result.description).toMatch(/in 39 words; no vague words\.$/);
  });

  test('gives vague text a low score and quotes the vague words', () => {
    const vague =
      'There are many things you can do with various tools. Several teams use lots of stuff to manage their work. ' +
      'It is really quite useful for many people in various situations and it helps with things.';
    const result = specificity(vague);
    expect(result.score).toBe(0);
    expect(result.description).toContain('no figures and no capitalized names in 36 words; 11 vague words ("many" ×2, "things" ×2, "various" ×2)');
  });

  test('does not count capitalized heading words as names', () => {
    expect(specificity(`Key Features Of Our Product\n${words(40)}.`).description).toContain('no capitalized names');
  });
});

describe('summaryBlock', () => {
  const summaryWords = (count: number) => `<ul><li>${words(count)}</li></ul>`;
  test.each([
    ['a summary under a "Key takeaways" heading', 100, `<h1>T</h1><h2>Key takeaways</h2>${summaryWords(40)}<h2>Next</h2><p>${words(50)}</p>`],
    ['a TL;DR heading with a short summary', 60, `<h2>TL;DR</h2><p>${words(10)}</p>`],
    ['a very long summary', 70, `<h2>Summary</h2><p>${words(200)}</p>`],
    ['a block whose class names it a summary', 100, `<div class="article-summary"><p>${words(30)}</p></div>`],
    ['a paragraph opening with "In short"', 100, `<p>In short, ${words(30)}</p>`],
    ['no summary but a lead paragraph of 40 words', 70, `<main><h1>T</h1><p>${words(40)}</p><p>${words(100)}</p></main>`],
    ['a lead paragraph of 120 words', 40, `<p>${words(120)}</p>`],
    ['a lead paragraph of 15 words', 30, `<p>${words(15)}</p>`],
    ['a lead paragraph of 200 words', 0, `<p>${words(200)}</p>`],
    ['no paragraphs at all', 0, '<div>text</div>'],
  ])('%s scores %i', (_name, score, body) => {
    expect(summaryBlock(pageWith({ body })).score).toBe(score);
  });

  test('quotes the summary it found and where', () => {
    const body = '<h2>Key takeaways</h2><ul><li>Onboarding fell from 12 days to 7 days in 2024 after three changes to setup.</li></ul>';
    expect(summaryBlock(pageWith({ body })).description).toBe(
      'Summary under the heading "Key takeaways" (15 words): "Onboarding fell from 12 days to 7 days in 2024 after three changes to setup.".',
    );
  });

  test('looks for the lead paragraph inside main, not in the header around it', () => {
    const body = `<header><p>${words(12)}</p></header><main><p>${words(40)}</p></main>`;
    expect(summaryBlock(pageWith({ body })).description).toMatch(/^No explicit summary; the lead paragraph \(40 words\) serves as one/);
  });
});

describe('analyzeContent', () => {
  test('averages the four measures', () => {
    const { overallScore, analysis } = analyzeContent(documentOf(ARTICLE_PAGE));
    const scores = Object.values(analysis).map((item) => item.score);
    expect(Object.keys(analysis)).toEqual(['semanticRepetition', 'summaryBlock', 'clarityAndAssertiveness', 'specificity']);
    expect(overallScore).toBeCloseTo(scores.reduce((sum, score) => sum + score, 0) / 4, 1);
  });

  test('scores the article high and the bare page low', () => {
    expect(analyzeContent(documentOf(ARTICLE_PAGE)).overallScore).toBeGreaterThan(80);
    expect(analyzeContent(documentOf(BARE_PAGE)).overallScore).toBeLessThan(30);
  });

  test('keeps every measure within 0..100 and describes each', () => {
    for (const html of [ARTICLE_PAGE, BARE_PAGE, '']) {
      for (const item of Object.values(analyzeContent(documentOf(html)).analysis)) {
        expect(item.score).toBeGreaterThanOrEqual(0);
        expect(item.score).toBeLessThanOrEqual(100);
        expect(item.description).not.toBe('');
      }
    }
  });
});
