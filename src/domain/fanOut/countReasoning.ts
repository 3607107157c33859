/** Where one engine's part of a fan-out stands: the run's status, and its searches once completed. */
export interface EngineRunFacts {
  status: 'pending' | 'running' | 'completed' | 'failed';
  /** Undefined until the run completed. */
  result: { simulated: boolean; count: number } | undefined;
}

const searches = (count: number): string => `${count} search${count === 1 ? '' : 'es'}`;

/** What people call the engine, and the searches it usually runs for one question (its fan-out style's count). */
export interface EngineFanOutHabit {
  name: string;
  count: readonly [min: number, max: number];
}

/** One sentence on why the engine's part of the fan-out has the number of searches it has (the real API's `reasoningForCount`). */
export function reasoningForCount({ status, result }: EngineRunFacts, { name, count }: EngineFanOutHabit): string {
  if (status === 'failed') return `No searches: the fan-out failed before ${name}'s searches were recorded.`;
  if (result === undefined) return `Not counted yet: the fan-out is ${status}.`;
  if (!result.simulated) return `${name} ran ${searches(result.count)} to answer the question, as its API reported them.`;
  const [min, max] = count;
  return `Simulated: ${name} usually runs ${min} to ${max} searches for one question, and the generator gave this one ${searches(result.count)}.`;
}
