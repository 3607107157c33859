import { describe, expect, test } from '@jest/globals';
import { analyzeRun, compileDetection } from '../../../src/domain/analysis/index.js';
import { simulateAnswerWith } from '../../../src/engines/simulator/index.js';

const detection = compileDetection({
  brand: 'Nimbus CRM',
  brandVariations: ['Nimbus'],
  brandDomain: 'nimbuscrm.com',
  brandDomainVariations: [],
  brandDomainWildcard: false,
  brandRegex: null,
  competitors: [],
});
const DAYS = 600;
const dateOf = (day: number): string => new Date(Date.UTC(2031, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);

function mentioned(day: number, replicate: number): boolean {
  const request = { engine: 'chatgpt' as const, prompt: 'What is the best CRM for small businesses?', country: 'us' as const, date: dateOf(day), promptId: 'pr_1', replicate };
  const answer = simulateAnswerWith(request, { trends: false });
  return (analyzeRun(answer.content, detection).brands[0]?.mentions ?? 0) > 0;
}

describe('replicates of one cell (the simulator, trends off)', () => {
  const first = Array.from({ length: DAYS }, (_, day) => mentioned(day, 0));
  const second = Array.from({ length: DAYS }, (_, day) => mentioned(day, 1));
  const rate = (bits: boolean[]): number => bits.filter(Boolean).length / bits.length;

  test('agree on the challenger more often than independent answers would', () => {
    const agreement = first.filter((bit, day) => bit === second[day]).length / DAYS;
    const independent = rate(first) ** 2 + (1 - rate(first)) ** 2;
    // Half of replicate 1's choices repeat replicate 0's: about 0.5 + 0.5 × independent.
    expect(agreement).toBeGreaterThan(independent + 0.12);
  });

  test('keep the challenger at the same rate as replicate 0', () => {
    expect(Math.abs(rate(second) - rate(first))).toBeLessThan(0.06);
    expect(rate(first)).toBeGreaterThan(0.25);
    expect(rate(first)).toBeLessThan(0.45);
  });
});
