/** Runs of a cell that name the same set of tracked brands (by index: 0 the main brand, then the competitors). */
export interface BrandSetRuns {
  brands: readonly number[];
  runs: number;
}

/** A cell as consistency reads it: its runs, those naming the main brand, and the brand sets its runs name. */
export interface ReplicateCell {
  runs: number;
  mentionedRuns: number;
  sets: readonly BrandSetRuns[];
}

/** What consistency needs from any set of cells, as sums that add over cells, days, engines and windows. */
export interface ConsistencySums {
  cellsWithReplicates: number;
  /** Cells with replicates whose runs all agree on whether the brand is mentioned. */
  agreeingCells: number;
  /** Pairs of runs sharing a cell. */
  pairs: number;
  /** The sum of those pairs' Jaccard similarities. */
  similaritySum: number;
}

export interface Consistency {
  cellsWithReplicates: number;
  agreement: number | null;
  brandListSimilarity: number | null;
}

export const emptyConsistencySums = (): ConsistencySums => ({ cellsWithReplicates: 0, agreeingCells: 0, pairs: 0, similaritySum: 0 });

/** |A ∩ B| / |A ∪ B|; two runs that name no tracked brand agree completely (1). */
export function jaccard(left: readonly number[], right: readonly number[]): number {
  const union = new Set([...left, ...right]);
  if (union.size === 0) return 1;
  const rightSet = new Set(right);
  return left.filter((brand) => rightSet.has(brand)).length / union.size;
}

/** Adds one cell into `into`, in place; a cell of one run adds nothing. */
export function addReplicateCell(into: ConsistencySums, cell: ReplicateCell): void {
  if (cell.runs < 2) return;
  into.cellsWithReplicates += 1;
  if (cell.mentionedRuns === 0 || cell.mentionedRuns === cell.runs) into.agreeingCells += 1;
  cell.sets.forEach((set, index) => {
    // Pairs inside one set name the same brands; pairs across two sets are counted once, from the earlier set.
    into.pairs += (set.runs * (set.runs - 1)) / 2;
    into.similaritySum += (set.runs * (set.runs - 1)) / 2;
    for (const other of cell.sets.slice(index + 1)) {
      into.pairs += set.runs * other.runs;
      into.similaritySum += set.runs * other.runs * jaccard(set.brands, other.brands);
    }
  });
}

export function addConsistencySums(into: ConsistencySums, addition: ConsistencySums): void {
  into.cellsWithReplicates += addition.cellsWithReplicates;
  into.agreeingCells += addition.agreeingCells;
  into.pairs += addition.pairs;
  into.similaritySum += addition.similaritySum;
}

/** The share of replicated cells that agree and the pooled mean similarity of their pairs; both null without such cells. */
export function consistencyOf(sums: ConsistencySums): Consistency {
  if (sums.cellsWithReplicates === 0) return { cellsWithReplicates: 0, agreement: null, brandListSimilarity: null };
  return {
    cellsWithReplicates: sums.cellsWithReplicates,
    agreement: sums.agreeingCells / sums.cellsWithReplicates,
    brandListSimilarity: sums.pairs === 0 ? null : sums.similaritySum / sums.pairs,
  };
}
