import { connectorDecider, type ConnectorCommand } from '../../domain/agentLogs/decide.js';
import { agentLogConnectorStream } from '../../domain/agentLogs/events.js';
import { brandReportDecider } from '../../domain/brandReport/decide.js';
import { brandReportStream, type ActiveBrandReport } from '../../domain/brandReport/events.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import type { Position } from '../../ports/eventStore.js';
import { loadState } from '../shared/aggregates.js';
import { handleCommand } from '../shared/commandHandler.js';
import { nowIso, type AppContext } from '../shared/context.js';
import { assertCanReadWorkspace, type Principal } from '../shared/principal.js';

/**
 * The report as the write side knows it (the CLI may run while no server builds read models): 404 for an
 * unknown report, 403 outside the credential's workspaces.
 */
export async function requireReport(context: AppContext, principal: Principal, reportId: string): Promise<ActiveBrandReport> {
  const report = await loadState(context.eventStore, brandReportStream(reportId), brandReportDecider);
  if (report.status !== 'active') throw new NotFoundError(`Brand report ${reportId} not found`, 'reportId');
  assertCanReadWorkspace(principal, report, `brand report ${reportId}`);
  return report;
}

/** Connects or disconnects the report's logs connector; null when it already was. */
export async function changeConnector(context: AppContext, reportId: string, type: ConnectorCommand['type']): Promise<Position | null> {
  const command = { type, data: { reportId, now: nowIso(context) } } as ConnectorCommand;
  return (await handleCommand(context.eventStore, agentLogConnectorStream(reportId), connectorDecider, command)).position;
}
