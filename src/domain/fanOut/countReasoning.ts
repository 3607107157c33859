import { ENGINE_NAMES, type EngineId } from '../shared/engines.js';
import { fanOutCountRange } from './generate.js';

/** Where one engine's part of a fan-out stands: the run's status, and its searches once completed. */
export interface EngineRunFacts {
  engine: EngineId;
  status: 'pending' | 'running' | 'completed' | 'failed';
  /** Undefined until the run completed. */
  result: { simulated: boolean; count: number } | undefined;
}

const searches = (count: number): string => `${count} search${count === 1 ? '' : 'es'}`;

/** One sentence on why the engine's part of the fan-out has the number of searches it has (the real API's `reasoningForCount`). */
export function reasoningForCount({ engine, status, result }: EngineRunFacts): string {
  const name = ENGINE_NAMES[engine];
  if (status === 'failed') return `No searches: the fan-out failed before ${name}'s searches were recorded.`;
  if (result === undefined) return `Not counted yet: the fan-out is ${status}.`;
  if (!result.simulated) return `${name} ran ${searches(result.count)} to answer the question, as its API reported them.`;
  const [min, max] = fanOutCountRange(engine);
  return `Simulated: ${name} usually runs ${min} to ${max} searches for one question, and the generator gave this one ${searches(result.count)}.`;
}
