import { z } from 'zod';
import { nameSchema } from '../shared/schemas.js';
import { PLANS } from './plans.js';

export const planSchema = z.enum(PLANS).describe('Subscription plan');

const quotaSchema = z.number().int().nonnegative();

export const createTeamInputSchema = z.object({ name: nameSchema(200).describe('Team name'), plan: planSchema }).strict();

/** Omitted limits keep their current value on the same plan and take the plan's default on a new plan. */
export const setTeamPlanInputSchema = z
  .object({
    plan: planSchema,
    promptsMax: quotaSchema.optional().describe('Prompt allocation: active prompts at most'),
    geoAuditsMax: quotaSchema.optional().describe('GEO audits per billing period'),
    apiRequestsMax: quotaSchema.optional().describe('REST API requests per billing period'),
    mcpRequestsMax: quotaSchema.nullable().optional().describe('null: unlimited; 0: MCP disabled'),
    subscriptionEndDate: z.iso.date().nullable().optional().describe('YYYY-MM-DD (UTC); null removes the end date'),
  })
  .strict();

export type CreateTeamInput = z.input<typeof createTeamInputSchema>;
export type SetTeamPlanInput = z.input<typeof setTeamPlanInputSchema>;
