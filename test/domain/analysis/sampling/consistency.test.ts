import { describe, expect, test } from '@jest/globals';
import { addReplicateCell, consistencyOf, emptyConsistencySums, jaccard, type ReplicateCell } from '../../../../src/domain/analysis/sampling/index.js';

const consistency = (cells: ReplicateCell[]) => {
  const sums = emptyConsistencySums();
  for (const cell of cells) addReplicateCell(sums, cell);
  return consistencyOf(sums);
};

describe('the consistency of replicates', () => {
  test.each([
    [[0, 1], [0, 2], 1 / 3],
    [[0], [1], 0],
    [[0, 1], [1, 0], 1],
    [[], [], 1],
    [[], [2], 0],
  ])('the Jaccard similarity of %j and %j is %f', (left, right, expected) => {
    expect(jaccard(left, right)).toBeCloseTo(expected, 12);
  });

  test('agreement is the share of replicated cells that agree on the brand; similarity the pooled mean over pairs', () => {
    const cells: ReplicateCell[] = [
      // 3 runs naming the brand and competitor 1: agree; 3 pairs of similarity 1.
      { runs: 3, mentionedRuns: 3, sets: [{ brands: [0, 1], runs: 3 }] },
      // 1 run naming the brand, 2 naming competitor 1: disagree; 1 pair of 1, 2 pairs of 0.
      { runs: 3, mentionedRuns: 1, sets: [{ brands: [0], runs: 1 }, { brands: [1], runs: 2 }] },
      // One run: not a replicated cell.
      { runs: 1, mentionedRuns: 1, sets: [{ brands: [0], runs: 1 }] },
      // Two runs naming no tracked brand: agree (not mentioned), 1 pair of 1.
      { runs: 2, mentionedRuns: 0, sets: [{ brands: [], runs: 2 }] },
    ];
    const result = consistency(cells);
    expect(result.cellsWithReplicates).toBe(3);
    expect(result.agreement).toBeCloseTo(2 / 3, 12);
    expect(result.brandListSimilarity).toBeCloseTo(5 / 7, 12);
  });

  test('two runs naming {brand, competitor 1} and {brand, competitor 2}: they agree on the brand, similarity 1/3', () => {
    const result = consistency([{ runs: 2, mentionedRuns: 2, sets: [{ brands: [0, 1], runs: 1 }, { brands: [0, 2], runs: 1 }] }]);
    expect(result).toEqual({ cellsWithReplicates: 1, agreement: 1, brandListSimilarity: 1 / 3 });
  });

  test('one run per cell: no replicated cell, both figures null', () => {
    expect(consistency([{ runs: 1, mentionedRuns: 0, sets: [{ brands: [], runs: 1 }] }])).toEqual({ cellsWithReplicates: 0, agreement: null, brandListSimilarity: null });
  });
});
