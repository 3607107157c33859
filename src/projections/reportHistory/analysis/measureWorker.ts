/**
 * The module a worker thread of `createWorkerAnalyst` loads: piscina calls its default export with each task.
 * The thread has its own copy of the analysis (compiled detections included), so nothing is shared.
 */
import { historyTask } from './analyst.js';

export default historyTask;
