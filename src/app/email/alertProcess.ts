import type { AlertRaised } from '../../domain/alerts/events.js';
import type { Mailer } from '../../ports/mailer.js';
import { brandReportCollection } from '../../projections/brandReports/reader.js';
import { emailSubscriptionCollection } from '../../projections/emailSubscriptions/reader.js';
import type { Process } from '../processes/processRunner.js';
import { alertEmail } from './messages.js';
import { emailSigningKey, unsubscribeToken } from './tokens.js';

/** The unsubscribe link of a subscription: `BASE_URL/v1/email/unsubscribe?token=…`. */
export const unsubscribeUrl = (baseUrl: string, key: Buffer, subscriptionId: string): string =>
  `${baseUrl}/v1/email/unsubscribe?token=${encodeURIComponent(unsubscribeToken(key, subscriptionId))}`;

/**
 * Sends an e-mail per alert to the report's subscribers of alerts, with its own checkpoint. A failed send stops
 * the process, which tries again from its checkpoint: a subscriber may get an alert twice, never none.
 */
export function emailAlertProcess(mailer: Mailer, baseUrl: string): Process<AlertRaised> {
  return {
    name: 'emailAlerts',
    eventTypes: ['AlertRaised'],
    async handle(event, services) {
      await services.readYourWrites(event.position);
      const { reportId } = event.data;
      const subscribers = await (await emailSubscriptionCollection(services.readModels)).find({ reportId, status: 'active', alerts: true });
      if (subscribers.length === 0) return;
      const report = await (await brandReportCollection(services.readModels)).findOne({ _id: reportId });
      const key = await emailSigningKey(services);
      for (const subscriber of subscribers) {
        await mailer.send(alertEmail(subscriber.email, report?.brand ?? reportId, event.data, unsubscribeUrl(baseUrl, key, subscriber._id)));
      }
    },
  };
}
