import type { Command } from 'commander';
import { addWatchOperation, listAlertsOperation, listWatchesOperation, removeWatchOperation } from '../app/alerts/operations.js';
import { describeCommand, topCommand } from './commandIndex.js';
import { bindOperation, type ActionRunner } from './bindOperation.js';

const report = { reportId: '--report' };

/** `geolens watch add|list|remove` and `geolens alerts`: bindings of the alert operations. */
export function registerAlertCommands(program: Command, run: ActionRunner): void {
  const watch = topCommand(program, 'watch');
  bindOperation(watch, 'add', addWatchOperation, { flags: { ...report, engines: '--engine' } }, run);
  bindOperation(watch, 'list', listWatchesOperation, { flags: report }, run);
  bindOperation(watch, 'remove', removeWatchOperation, { flags: { ...report, watchId: '--watch' } }, run);
  bindOperation(program, 'alerts', listAlertsOperation, { flags: report, description: describeCommand('alerts') }, run);
}
