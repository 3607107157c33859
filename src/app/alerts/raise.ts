import { decideAlert } from '../../domain/alerts/decide.js';
import { alertStream } from '../../domain/alerts/events.js';
import { ConcurrencyError } from '../../domain/shared/errors.js';
import { nowIso, type AppContext } from '../shared/context.js';
import { randomBase62 } from '../shared/ids.js';
import type { AlertCandidate } from './candidates.js';

const newAlertId = (): string => `al_${randomBase62(16)}`;

/**
 * Raises the alert on its watch's stream of that day, expected new: a replay, a restart or a second process
 * that evaluates the same day again finds the stream taken and raises nothing. True when this call raised it.
 */
export async function raiseAlert(context: AppContext, candidate: AlertCandidate): Promise<boolean> {
  const stream = alertStream(candidate.watchId, candidate.date);
  const raisedBefore = (await context.eventStore.readStream(stream, { maxCount: 1 })).length > 0;
  const events = decideAlert({ ...candidate, alertId: newAlertId(), createdDate: nowIso(context) }, raisedBefore);
  if (events.length === 0) return false;
  try {
    await context.eventStore.append(stream, events.map(({ type, data }) => ({ type, data })), { expectedRevision: 'no_stream' });
  } catch (error) {
    if (error instanceof ConcurrencyError) return false;
    throw error;
  }
  context.logger.info({ reportId: candidate.reportId, watchId: candidate.watchId, kind: candidate.kind, date: candidate.date }, 'alert raised');
  return true;
}
