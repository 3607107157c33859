/** What a window's sample is good for. */
export type Grade = 'exploratory' | 'directional' | 'decision';

/** The figures a grade reads. */
export interface GradeInputs {
  /** Distinct prompts with runs in the window. */
  prompts: number;
  runsPerCell: number;
  /** The brand coverage's half-width, in points. */
  halfWidthPoints: number;
  /** Each engine with runs: on how many of the window's days with runs it has runs. */
  engineDays: readonly { engine: string; days: number }[];
  /** The window's days with runs. */
  days: number;
}

/** Fewer prompts than this is exploratory (the industry's measurement guideline: fewer than 50 queries). */
export const DECISION_PROMPTS = 50;
export const DECISION_RUNS_PER_CELL = 3;
export const DECISION_HALF_WIDTH_POINTS = 3;
export const DECISION_ENGINE_DAY_SHARE = 0.8;

/** A figure that fails a "at least" criterion is shown rounded down, one that fails "at most" rounded up. */
const floorTo = (value: number, decimals: number): number => Math.floor(value * 10 ** decimals + 1e-9) / 10 ** decimals;
const ceilTo = (value: number, decimals: number): number => Math.ceil(value * 10 ** decimals - 1e-9) / 10 ** decimals;

/** One sentence per unmet criterion of `decision`, in the order prompts, runs per cell, half-width, engines' days. */
export function gradeReasons(inputs: GradeInputs): string[] {
  const reasons: string[] = [];
  if (inputs.prompts < DECISION_PROMPTS) {
    reasons.push(`${inputs.prompts} ${inputs.prompts === 1 ? 'prompt has' : 'prompts have'} runs (${DECISION_PROMPTS} needed)`);
  }
  if (inputs.runsPerCell < DECISION_RUNS_PER_CELL) {
    reasons.push(`${floorTo(inputs.runsPerCell, 2).toFixed(2)} runs per prompt, engine and day (${DECISION_RUNS_PER_CELL} needed)`);
  }
  if (inputs.halfWidthPoints > DECISION_HALF_WIDTH_POINTS) {
    reasons.push(`±${ceilTo(inputs.halfWidthPoints, 1).toFixed(1)} points (±${DECISION_HALF_WIDTH_POINTS} needed)`);
  }
  for (const { engine, days } of inputs.engineDays) {
    const share = inputs.days === 0 ? 0 : days / inputs.days;
    if (share < DECISION_ENGINE_DAY_SHARE) {
      reasons.push(`${engine} has runs on ${Math.floor(100 * share + 1e-9)} % of the days (${100 * DECISION_ENGINE_DAY_SHARE} % needed)`);
    }
  }
  return reasons;
}

/** `exploratory` under 50 prompts, `decision` when every criterion holds, `directional` otherwise. */
export function gradeOf(inputs: GradeInputs): { grade: Grade; reasons: string[] } {
  const reasons = gradeReasons(inputs);
  const grade: Grade = inputs.prompts < DECISION_PROMPTS ? 'exploratory' : reasons.length === 0 ? 'decision' : 'directional';
  return { grade, reasons };
}
