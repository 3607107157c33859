import { agentAnalyticsProjection } from './agentAnalytics/projection.js';
import { auditsProjection } from './audits/projection.js';
import { brandReportsProjection } from './brandReports/projection.js';
import { directoryProjection } from './directory/projection.js';
import { oauthProjection } from './oauth/projection.js';
import { reportHistoryProjection } from './reportHistory/projection.js';
import type { Projection } from './runner/projection.js';
import { runsProjection } from './runs/projection.js';

/** Every projection the service runs. */
export const allProjections: readonly Projection[] = [
  directoryProjection,
  brandReportsProjection,
  runsProjection,
  reportHistoryProjection,
  oauthProjection,
  agentAnalyticsProjection,
  auditsProjection,
];
