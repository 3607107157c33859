import type { DomainCommand } from '../shared/command.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { parseOrThrow, validationFailed } from '../shared/zodIssues.js';
import {
  evolve,
  initialState,
  reportPromptIds,
  type BrandReportEvent,
  type BrandReportState,
} from './events.js';
import { promptsAssigned, promptsUnassigned, resolveNewPrompts, type PromptsContext } from './promptAssignment.js';
import { brandReportCreateSchema, REPORT_LIMITS, type BrandReportCreateInput } from './schema.js';
import { decideUpdate, withDetectionFields, type ReportUpdate } from './update.js';

export type CreateBrandReport = DomainCommand<
  'CreateBrandReport',
  BrandReportCreateInput & {
    reportId: string;
    workspaceId: string;
    teamId: string;
    prompts: PromptsContext;
    now: string;
  }
>;
/** `patch` is the raw JSON body of PATCH /v1/reports/brand/{reportId}; validating it is this decider's job. */
export type UpdateBrandReport = DomainCommand<'UpdateBrandReport', ReportUpdate & { reportId: string }>;
/**
 * Sent when prompts are created with `brandReportIds`: adds them to the report, keeping the ones it has.
 * Prompts already assigned are skipped, so the process that creates a batch may send it again after a crash.
 */
export type AssignPromptsToReport = DomainCommand<
  'AssignPromptsToReport',
  { reportId: string; promptIds: string[]; prompts: PromptsContext; now: string }
>;
/** Sent by the process that reacts to PromptDeleted, for each report holding the prompt. */
export type RemoveDeletedPromptFromReport = DomainCommand<
  'RemoveDeletedPromptFromReport',
  { reportId: string; promptId: string; now: string }
>;
/** An analyst's request to recompute the report's history with unchanged settings (after an analysis upgrade). */
export type RequestBrandReportReplay = DomainCommand<'RequestBrandReportReplay', { reportId: string; now: string }>;
export type DeleteBrandReport = DomainCommand<'DeleteBrandReport', { reportId: string; now: string }>;
export type BrandReportCommand =
  | DeleteBrandReport
  | RequestBrandReportReplay
  | CreateBrandReport
  | UpdateBrandReport
  | AssignPromptsToReport
  | RemoveDeletedPromptFromReport;

export function decide(command: BrandReportCommand, state: BrandReportState): BrandReportEvent[] {
  if (command.type === 'CreateBrandReport') return create(command.data, state);
  if (state.status !== 'active') throw new NotFoundError(`Brand report ${command.data.reportId} not found`);
  switch (command.type) {
    case 'UpdateBrandReport':
      return decideUpdate(command.data, state);
    case 'AssignPromptsToReport': {
      const { promptIds, prompts, now } = command.data;
      const assigned = new Set(reportPromptIds(state));
      const { added, issues } = resolveNewPrompts(promptIds, state.workspaceId, assigned, prompts);
      if (issues.length > 0) throw validationFailed(issues);
      if (assigned.size + added.length > REPORT_LIMITS.promptIds) {
        throw ValidationError.single('promptIds', `A report tracks at most ${REPORT_LIMITS.promptIds} prompts`, 'too_big');
      }
      return promptsAssigned(state.reportId, added, now);
    }
    case 'RemoveDeletedPromptFromReport': {
      const { promptId, now } = command.data;
      return reportPromptIds(state).includes(promptId) ? promptsUnassigned(state.reportId, [promptId], now) : [];
    }
    case 'DeleteBrandReport':
      return [{ type: 'BrandReportDeleted', data: { reportId: state.reportId, workspaceId: state.workspaceId, deletedDate: command.data.now } }];
    case 'RequestBrandReportReplay':
      return [{ type: 'BrandReportReplayRequested', data: { reportId: state.reportId, requestedDate: command.data.now } }];
    default:
      return assertNever(command);
  }
}

function create(data: CreateBrandReport['data'], state: BrandReportState): BrandReportEvent[] {
  const { reportId, workspaceId, teamId, prompts, now, ...fields } = data;
  if (state.status !== 'absent') throw new ConflictError(`Brand report ${reportId} already exists`);
  const input = parseOrThrow(brandReportCreateSchema, fields);
  const { added, issues } = resolveNewPrompts(input.promptIds ?? [], workspaceId, new Set(), prompts);
  if (issues.length > 0) throw validationFailed(issues);
  const detection = withDetectionFields(
    {
      brand: input.brand,
      brandVariations: [],
      brandDomain: input.brandDomain,
      brandDomainVariations: [],
      brandDomainWildcard: false,
      brandRegex: null,
      competitors: [],
    },
    input,
  );
  const reportTitle = input.reportTitle ?? input.brand;
  return [{ type: 'BrandReportCreated', data: { reportId, workspaceId, teamId, reportTitle, detection, prompts: added, createdDate: now } }];
}

export const brandReportDecider: Decider<BrandReportState, BrandReportCommand, BrandReportEvent> = {
  initialState,
  evolve,
  decide,
};
