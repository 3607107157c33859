import { accountInfo, accountInfoSchema } from '../../app/queries/account.js';
import { defineRoute, type Route } from '../http/route.js';

export const accountRoutes: readonly Route[] = [
  defineRoute({
    method: 'get',
    path: '/v1/accounts/info',
    operationId: 'getAccountInfo',
    summary: 'Get the subscription plan and usage of the key’s team',
    description: 'Also answered (and not counted) after the subscription has ended, so a client can see why other requests get 429.',
    tag: 'Account',
    auth: 'read',
    answerWithoutPlan: true,
    success: { status: 200, description: 'Plan, limits and usage', schema: accountInfoSchema, contentType: 'application/json' },
    handler: ({ principal, services }) => accountInfo(services, principal),
  }),
];
