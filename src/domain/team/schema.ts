import { z } from 'zod';
import { nameSchema } from '../shared/schemas.js';
import { PLANS } from './plans.js';

export const planSchema = z.enum(PLANS);

const quotaSchema = z.number().int().nonnegative();

export const createTeamInputSchema = z.object({ name: nameSchema(200), plan: planSchema }).strict();

/** Omitted limits keep their current value on the same plan and take the plan's default on a new plan. */
export const setTeamPlanInputSchema = z
  .object({
    plan: planSchema,
    promptsMax: quotaSchema.optional(),
    geoAuditsMax: quotaSchema.optional(),
    apiRequestsMax: quotaSchema.optional(),
    mcpRequestsMax: quotaSchema.nullable().optional().describe('null: unlimited; 0: MCP disabled'),
    subscriptionEndDate: z.iso.date().nullable().optional().describe('YYYY-MM-DD (UTC); null removes the end date'),
  })
  .strict();

export type CreateTeamInput = z.input<typeof createTeamInputSchema>;
export type SetTeamPlanInput = z.input<typeof setTeamPlanInputSchema>;
