/**
 * Sampling statistics: a cell (one prompt, engine, country and day) is the unit of precision, because the runs of a
 * cell share that day's sources and engine state. Intervals, precision, grades, consistency and verdicts are
 * computed from sums over cells that add across days, engines and windows.
 */
export {
  addRatioCell,
  addRatioSums,
  clusteredInterval,
  clusterVariance,
  effectiveRuns,
  emptyRatioSums,
  ratio,
  ratioSumsOf,
  type RateEstimate,
  type RatioCell,
  type RatioSums,
} from './ratio.js';
export { oneDecimal, precisionOf, runsNeeded, type Precision } from './precision.js';
export { gradeOf, gradeReasons, type Grade, type GradeInputs } from './grade.js';
export {
  addConsistencySums,
  addReplicateCell,
  consistencyOf,
  emptyConsistencySums,
  jaccard,
  type BrandSetRuns,
  type Consistency,
  type ConsistencySums,
  type ReplicateCell,
} from './consistency.js';
export { changeTest, changeZTest, compareRates, COMPARISON_MIN_CELLS, type ChangeTest, type RateComparison, type Verdict } from './comparison.js';
export { inPromptScope, isBrandedPrompt, PROMPT_SCOPES, type PromptScope } from './scope.js';
