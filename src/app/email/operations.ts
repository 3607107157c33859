import { z } from 'zod';
import { subscribeInputSchema } from '../../domain/email/schema.js';
import { referencedIdSchema } from '../../domain/shared/schemas.js';
import { REPORT_ERRORS, reportIdField } from '../brandReports/operations.js';
import { byReport } from '../shared/access.js';
import { defineOperation } from '../shared/operation.js';
import { reportSubscriptions, subscribe, unsubscribe, unsubscribeByToken } from './subscriptions.js';

const TAG = 'E-mail';

export const emailSubscriptionSchema = z
  .object({
    id: z.string(),
    reportId: z.string(),
    email: z.string(),
    digest: z.boolean().describe('Receives the weekly digest'),
    alerts: z.boolean().describe('Receives an e-mail per alert'),
    createdDate: z.iso.datetime(),
  })
  .meta({ id: 'EmailSubscription' });

export const subscribeOperation = defineOperation({
  name: 'subscribeToReportEmails',
  summary: 'Subscribe an e-mail address to a report',
  description: 'Alert e-mails and the weekly digest (HTML and plain text), each with an unsubscribe link that needs no sign-in. Needs SMTP_URL on the server (503 without).',
  tag: TAG,
  access: 'write',
  input: subscribeInputSchema.extend({ reportId: reportIdField }),
  output: emailSubscriptionSchema,
  answers: 'The subscription',
  errors: { ...REPORT_ERRORS, 503: 'E-mail is off on this server (no SMTP_URL)' },
  resource: byReport,
  handler: async (input, { deps, resource }) => {
    const { id, position } = await subscribe(deps, { ...input, workspaceId: resource.workspaceId });
    await deps.readYourWrites(position);
    const [subscription] = await reportSubscriptions(deps, input.reportId, [id]);
    if (!subscription) throw new Error(`Subscription ${id} is not in the read model after its creation`);
    return subscription;
  },
});

export const listSubscriptionsOperation = defineOperation({
  name: 'listReportEmailSubscriptions',
  summary: 'List the e-mail subscriptions of a report',
  tag: TAG,
  access: 'read',
  input: z.object({ reportId: reportIdField }),
  output: z.object({ items: z.array(emailSubscriptionSchema) }),
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: async ({ reportId }, { deps }) => ({ items: await reportSubscriptions(deps, reportId) }),
});

export const unsubscribeOperation = defineOperation({
  name: 'deleteReportEmailSubscription',
  summary: 'Remove an e-mail subscription',
  tag: TAG,
  access: 'write',
  input: z.object({ reportId: reportIdField, subscriptionId: referencedIdSchema.describe('Subscription id') }),
  output: z.object({ id: z.string(), deleted: z.literal(true) }),
  answers: 'Deleted',
  errors: { ...REPORT_ERRORS, 404: 'No such report, or the subscription is not in it' },
  resource: byReport,
  handler: async ({ reportId, subscriptionId }, { deps }) => {
    await deps.readYourWrites((await unsubscribe(deps, subscriptionId, reportId)).position);
    return { id: subscriptionId, deleted: true as const };
  },
});

export const unsubscribeByTokenOperation = defineOperation({
  name: 'unsubscribeFromEmails',
  summary: 'Unsubscribe with the link of an e-mail',
  description: 'No credential: the signed token of the link is one. Unsubscribing twice answers the same.',
  tag: TAG,
  access: 'public',
  input: z.object({ token: z.string().min(1).max(500).describe('The token of the e-mail’s unsubscribe link') }),
  output: z.object({ unsubscribed: z.literal(true) }),
  answers: 'Unsubscribed',
  errors: { 404: 'The subscription no longer exists' },
  handler: async ({ token }, { deps }) => {
    await deps.readYourWrites((await unsubscribeByToken(deps, token)).position);
    return { unsubscribed: true as const };
  },
});
