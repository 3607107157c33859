import { brandReportsProjection } from './brandReports/projection.js';
import { directoryProjection } from './directory/projection.js';
import type { Projection } from './runner/projection.js';

/** Every projection the service runs. */
export const allProjections: readonly Projection[] = [directoryProjection, brandReportsProjection];
