import { citesBrand, type EvidenceRun, type PromptEvidenceTotals } from '../../../../../src/domain/analysis/index.js';

/** Each prompt's totals over every one of `runs`, summed run by run: what the evidence read model keeps per day. */
export function promptTotalsOf(runs: readonly EvidenceRun[]): Map<string, PromptEvidenceTotals> {
  const totals = new Map<string, PromptEvidenceTotals>();
  for (const run of runs) {
    const prompt = totals.get(run.promptId) ?? { runs: 0, sentences: { positive: 0, neutral: 0, negative: 0 }, brandCitingRuns: 0 };
    prompt.runs += 1;
    prompt.sentences.positive += run.sentences.positive;
    prompt.sentences.neutral += run.sentences.neutral;
    prompt.sentences.negative += run.sentences.negative;
    prompt.brandCitingRuns += citesBrand(run) ? 1 : 0;
    totals.set(run.promptId, prompt);
  }
  return totals;
}
