import type { DomainCommand } from '../shared/command.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { ConflictError } from '../shared/errors.js';
import {
  evolveCheck,
  initialCheckState,
  type CheckKind,
  type CheckOutcomeEvent,
  type CheckState,
  type ContentFindings,
  type CrawlabilityFindings,
} from './events.js';

export type CompleteCrawlabilityCheck = DomainCommand<'CompleteCrawlabilityCheck', { checkId: string; now: string; findings: CrawlabilityFindings }>;
export type CompleteContentCheck = DomainCommand<'CompleteContentCheck', { checkId: string; now: string; findings: ContentFindings }>;
/** `error` is what the failed check shows: why the URL could not be checked. */
export type FailCheck = DomainCommand<'FailCheck', { kind: CheckKind; checkId: string; now: string; error: string }>;
export type CheckCommand = CompleteCrawlabilityCheck | CompleteContentCheck | FailCheck;

function outcomeOf(command: CheckCommand): CheckOutcomeEvent {
  switch (command.type) {
    case 'CompleteCrawlabilityCheck': {
      const { checkId, now, findings } = command.data;
      return { type: 'CrawlabilityCheckCompleted', data: { checkId, completedDate: now, ...findings } };
    }
    case 'CompleteContentCheck': {
      const { checkId, now, findings } = command.data;
      return { type: 'ContentCheckCompleted', data: { checkId, completedDate: now, ...findings } };
    }
    case 'FailCheck': {
      const { kind, checkId, now, error } = command.data;
      return { type: kind === 'crawlability' ? 'CrawlabilityCheckFailed' : 'ContentCheckFailed', data: { checkId, completedDate: now, error } };
    }
    default:
      return assertNever(command);
  }
}

/** A check has one outcome: the first recorded stands, and any later one is refused. */
function decide(command: CheckCommand, state: CheckState): CheckOutcomeEvent[] {
  if (state.status !== 'pending') throw new ConflictError(`Check ${command.data.checkId} is already ${state.status}`);
  return [outcomeOf(command)];
}

export const checkDecider: Decider<CheckState, CheckCommand, CheckOutcomeEvent> = {
  initialState: initialCheckState,
  evolve: evolveCheck,
  decide,
};
