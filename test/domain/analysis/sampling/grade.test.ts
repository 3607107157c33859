import { describe, expect, test } from '@jest/globals';
import { gradeOf, type GradeInputs } from '../../../../src/domain/analysis/sampling/index.js';

const decisionSample: GradeInputs = {
  prompts: 50,
  runsPerCell: 3,
  halfWidthPoints: 3,
  engineDays: [
    { engine: 'chatgpt', days: 28 },
    { engine: 'perplexity', days: 23 },
  ],
  days: 28,
};

describe('the grade of a window and its reasons', () => {
  test('50 prompts, 3 runs per cell, ±3 points and every engine on 80 % of the days or more: decision, no reasons', () => {
    expect(gradeOf(decisionSample)).toEqual({ grade: 'decision', reasons: [] });
  });

  test.each([
    ['12 prompts', { prompts: 12 }, 'exploratory', ['12 prompts have runs (50 needed)']],
    ['one prompt', { prompts: 1 }, 'exploratory', ['1 prompt has runs (50 needed)']],
    ['one run per cell', { runsPerCell: 1 }, 'directional', ['1.00 runs per prompt, engine and day (3 needed)']],
    ['2.996 runs per cell, shown rounded down', { runsPerCell: 2.996 }, 'directional', ['2.99 runs per prompt, engine and day (3 needed)']],
    ['±4.1 points', { halfWidthPoints: 4.1 }, 'directional', ['±4.1 points (±3 needed)']],
    ['±3.01 points, shown rounded up', { halfWidthPoints: 3.01 }, 'directional', ['±3.1 points (±3 needed)']],
    ['perplexity on 60 % of the days', { engineDays: [{ engine: 'chatgpt', days: 10 }, { engine: 'perplexity', days: 6 }], days: 10 }, 'directional', ['perplexity has runs on 60 % of the days (80 % needed)']],
    ['perplexity on 22 of 28 days (78.6 %), shown rounded down', { engineDays: [{ engine: 'perplexity', days: 22 }] }, 'directional', ['perplexity has runs on 78 % of the days (80 % needed)']],
  ] as [string, Partial<GradeInputs>, string, string[]][])('%s', (_name, change, grade, reasons) => {
    expect(gradeOf({ ...decisionSample, ...change })).toEqual({ grade, reasons });
  });

  test('every unmet criterion has its sentence, in the order prompts, runs per cell, half-width, engines', () => {
    const { grade, reasons } = gradeOf({ prompts: 12, runsPerCell: 1, halfWidthPoints: 4.1, engineDays: [{ engine: 'perplexity', days: 3 }, { engine: 'claude', days: 1 }], days: 5 });
    expect(grade).toBe('exploratory');
    expect(reasons).toEqual([
      '12 prompts have runs (50 needed)',
      '1.00 runs per prompt, engine and day (3 needed)',
      '±4.1 points (±3 needed)',
      'perplexity has runs on 60 % of the days (80 % needed)',
      'claude has runs on 20 % of the days (80 % needed)',
    ]);
  });

  test('a window without runs is exploratory', () => {
    expect(gradeOf({ prompts: 0, runsPerCell: 0, halfWidthPoints: 0, engineDays: [], days: 0 }).grade).toBe('exploratory');
  });
});
