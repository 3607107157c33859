import { z } from 'zod';
import { nameSchema } from '../shared/schemas.js';
import { RUNS_PER_DAY_MAX, RUNS_PER_DAY_MIN } from './runsPerDay.js';

export const runsPerDaySchema = z
  .number()
  .int()
  .min(RUNS_PER_DAY_MIN)
  .max(RUNS_PER_DAY_MAX)
  .describe(`Runs of each prompt per engine and UTC day (${RUNS_PER_DAY_MIN} to ${RUNS_PER_DAY_MAX}); a change applies from the next UTC day`);

export const createWorkspaceInputSchema = z
  .object({ name: nameSchema(200).describe('Workspace name'), runsPerDay: runsPerDaySchema.optional() })
  .strict();

export const setRunsPerDayInputSchema = z.object({ runsPerDay: runsPerDaySchema }).strict();

export type CreateWorkspaceInput = z.input<typeof createWorkspaceInputSchema>;
