import type { Collection } from '../../ports/documentStore.js';
import type { ReadModels } from '../runner/readModels.js';
import { RUNS_COLLECTION, runsProjection, type RunDoc } from './projection.js';

export type { RunDoc } from './projection.js';

/** The live version's runs, one document per run with its answer. */
export const runCollection = (readModels: ReadModels): Promise<Collection<RunDoc>> => readModels.collection<RunDoc>(runsProjection, RUNS_COLLECTION);
