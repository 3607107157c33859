/**
 * Query fan-outs: pure functions that label the searches an engine ran for a
 * question, and generate plausible ones when the engine cannot be asked.
 */
export { classifyFanOutQuery, type ClassifyOptions, type FanOutClassification } from './classify.js';
export { reasoningForCount, type EngineFanOutHabit, type EngineRunFacts } from './countReasoning.js';
export { generateFanOut, type FanOutStyle, type GenerateFanOutRequest } from './generate.js';
export {
  DEFAULT_FAN_OUT_ENGINES,
  FAN_OUT_QUERY_TYPES,
  FAN_OUT_QUESTION_MAX_LENGTH,
  USER_INTENTS,
  engineFanOutSchema,
  fanOutInputSchema,
  fanOutQuerySchema,
  fanOutQueryTypeSchema,
  userIntentSchema,
  type EngineFanOut,
  type FanOutInput,
  type FanOutQuery,
  type FanOutQueryType,
  type UserIntent,
} from './schema.js';
