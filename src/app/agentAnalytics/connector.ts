import { connectorDecider, type ConnectorCommand } from '../../domain/agentLogs/decide.js';
import { agentLogConnectorStream } from '../../domain/agentLogs/events.js';
import { brandReportDecider } from '../../domain/brandReport/decide.js';
import { brandReportStream, type ActiveBrandReport } from '../../domain/brandReport/events.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import type { Position } from '../../ports/eventStore.js';
import { loadState } from '../shared/aggregates.js';
import { handleCommand } from '../shared/commandHandler.js';
import { nowIso, type AppContext } from '../shared/context.js';

/**
 * The report as the write side knows it (the CLI may run while no server builds read models): 404 for an
 * unknown report. For callers outside an operation (the demo seeder, benches); operations get it checked from
 * the access step.
 */
export async function activeReport(context: AppContext, reportId: string): Promise<ActiveBrandReport> {
  const report = await loadState(context.eventStore, brandReportStream(reportId), brandReportDecider);
  if (report.status !== 'active') throw new NotFoundError(`Brand report ${reportId} not found`, 'reportId');
  return report;
}

/** Connects or disconnects the report's logs connector; null when it already was. */
export async function changeConnector(context: AppContext, reportId: string, type: ConnectorCommand['type']): Promise<Position | null> {
  const command = { type, data: { reportId, now: nowIso(context) } } as ConnectorCommand;
  return (await handleCommand(context.eventStore, agentLogConnectorStream(reportId), connectorDecider, command)).position;
}
