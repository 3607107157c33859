import { planSchema, createTeamInputSchema, setTeamPlanInputSchema } from '../../domain/team/schema.js';
import { createWorkspaceInputSchema } from '../../domain/workspace/schema.js';
import { referencedIdSchema } from '../../domain/shared/schemas.js';
import { createdSchema } from '../shared/created.js';
import { byTeam } from '../shared/access.js';
import { defineOperation } from '../shared/operation.js';
import { createTeam, setTeamPlan } from './teams.js';
import { createWorkspace } from '../workspaces/commands.js';

const TAG = 'Teams';
const teamIdField = referencedIdSchema.describe('Team id');

export const createTeamOperation = defineOperation({
  name: 'createTeam',
  summary: 'Create a team',
  tag: TAG,
  access: 'operator',
  input: createTeamInputSchema.extend({ plan: planSchema.default('trial') }),
  output: createdSchema,
  handler: async (input, { deps }) => ({ id: (await createTeam(deps, input)).id }),
});

export const setTeamPlanOperation = defineOperation({
  name: 'setTeamPlan',
  summary: "Change a team's plan and limits",
  description: 'Never touches the usage counted in the current period. Re-sending the current plan keeps limits set earlier.',
  tag: TAG,
  access: 'operator',
  input: setTeamPlanInputSchema.extend({ teamId: teamIdField }),
  output: createdSchema,
  resource: byTeam,
  handler: async (input, { deps }) => ({ id: (await setTeamPlan(deps, input)).id }),
});

export const createWorkspaceOperation = defineOperation({
  name: 'createWorkspace',
  summary: 'Create a workspace',
  tag: TAG,
  access: 'operator',
  input: createWorkspaceInputSchema.extend({ teamId: teamIdField }),
  output: createdSchema,
  resource: byTeam,
  handler: async (input, { deps }) => ({ id: (await createWorkspace(deps, input)).id }),
});
