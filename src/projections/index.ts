import type { Clock } from '../background/clock.js';
import { agentAnalyticsProjection } from './agentAnalytics/projection.js';
import { aiReferralsProjection } from './aiReferrals/projection.js';
import { alertsProjection } from './alerts/projection.js';
import { auditsProjection } from './audits/projection.js';
import { brandReportsProjection } from './brandReports/projection.js';
import { brandingProjection } from './branding/projection.js';
import { directoryProjection } from './directory/projection.js';
import { emailSubscriptionsProjection } from './emailSubscriptions/projection.js';
import { oauthProjection } from './oauth/projection.js';
import { inProcessAnalyst, type RunAnalyst } from './reportHistory/analysis/analyst.js';
import { reportHistoryProjectionWith } from './reportHistory/projection.js';
import type { Projection } from './runner/projection.js';
import { reportSchedulesProjection } from './reportSchedules/projection.js';
import { runsProjection } from './runs/projection.js';
import { shareLinksProjection } from './shareLinks/projection.js';
import { webhooksProjection } from './webhooks/projection.js';

export type { ReadModels } from './runner/readModels.js';
export { hasProjectedEvents } from './runner/checkpoints.js';
export { readModelPositions } from './runner/positions.js';

/** Every projection the service runs, report history measuring answers through `analyst` and telling days by `clock`. */
export const projectionsWith = (analyst: RunAnalyst, clock?: Clock): readonly Projection[] => [
  directoryProjection,
  brandReportsProjection,
  runsProjection,
  reportHistoryProjectionWith(analyst, clock),
  oauthProjection,
  agentAnalyticsProjection,
  aiReferralsProjection,
  auditsProjection,
  alertsProjection,
  webhooksProjection,
  emailSubscriptionsProjection,
  shareLinksProjection,
  brandingProjection,
  reportSchedulesProjection,
];

/** Every projection the service runs, measuring on the calling thread. */
export const allProjections: readonly Projection[] = projectionsWith(inProcessAnalyst);
