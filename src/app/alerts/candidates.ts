import type { AlertFields } from '../../domain/alerts/events.js';

/** An alert as an evaluation finds it, before it is raised (its id and date of raising come then). */
export type AlertCandidate = Omit<AlertFields, 'alertId'>;
