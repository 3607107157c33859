import type { SourceKind } from './catalog/types.js';

/** The ways the simulator lays out an answer, one per engine it imitates (`styles.ts`). */
export type AnswerLayout = 'numberedList' | 'markedBullets' | 'overview' | 'sections' | 'boldParagraphs' | 'prosAndCons' | 'prose';

/** How the simulator imitates one engine's answers; ranges are inclusive `[min, max]`. */
export interface SimulatorNumbers {
  layout: AnswerLayout;
  brandsPerAnswer: readonly [number, number];
  sentencesPerBrand: readonly [number, number];
  queriesPerAnswer: readonly [number, number];
  citationsPerAnswer: readonly [number, number];
  /** How much more often the engine cites each kind of page; a kind left out is never cited. */
  sourceWeights: Partial<Record<SourceKind, number>>;
  /** The share of answers that show text ads, and of product answers that show shopping results. */
  adRate: number;
  shoppingRate: number;
  /** Google shows no AI Overview for some queries: the simulator then answers with an empty overview. */
  overviewOptional: boolean;
}
