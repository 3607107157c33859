import { z } from 'zod';
import { defineOperation } from '../shared/operation.js';
import { accountInfo, accountInfoSchema } from './account.js';

export const getAccountInfoOperation = defineOperation({
  name: 'getAccountInfo',
  summary: 'Get the subscription plan and usage of the credential’s team',
  description: 'Also answered (and not counted) after the subscription has ended, so a client can see why other requests get 429.',
  tag: 'Account',
  access: 'read',
  input: z.object({}),
  output: accountInfoSchema,
  answers: 'Plan, limits and usage',
  answerWithoutPlan: true,
  handler: (_input, { principal, deps }) => accountInfo(deps, principal),
});
