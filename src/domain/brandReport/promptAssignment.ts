import type { ValidationIssue } from '../shared/errors.js';
import type { AssignedPrompt, BrandReportEvent } from './events.js';

/** What the application layer knows of a prompt the command names. */
export interface PromptRef {
  workspaceId: string;
  country: string;
}

/**
 * The prompts named by a command that exist (and are not deleted), keyed by prompt id, looked up by the
 * application layer; an id absent from it does not exist.
 */
export type PromptsContext = ReadonlyMap<string, PromptRef>;

interface ResolvedPrompts {
  added: AssignedPrompt[];
  issues: ValidationIssue[];
}

/**
 * The prompts of `sentIds` that are not assigned yet, with their countries. A prompt of another workspace is
 * reported exactly like a missing one, so a report never reveals what other workspaces hold.
 */
export function resolveNewPrompts(
  sentIds: readonly string[],
  workspaceId: string,
  assigned: ReadonlySet<string>,
  context: PromptsContext,
): ResolvedPrompts {
  const added = new Map<string, AssignedPrompt>();
  const issues: ValidationIssue[] = [];
  sentIds.forEach((promptId, index) => {
    if (assigned.has(promptId) || added.has(promptId)) return;
    const prompt = context.get(promptId);
    if (prompt?.workspaceId === workspaceId) added.set(promptId, { promptId, country: prompt.country });
    else {
      const message = `Prompt "${promptId}" does not exist in the report's workspace`;
      issues.push({ path: `promptIds.${index}`, message, code: 'custom' });
    }
  });
  return { added: [...added.values()], issues };
}

export const promptsAssigned = (reportId: string, prompts: AssignedPrompt[], now: string): BrandReportEvent[] =>
  prompts.length === 0 ? [] : [{ type: 'PromptsAssignedToReport', data: { reportId, prompts, assignedDate: now } }];

export const promptsUnassigned = (reportId: string, promptIds: string[], now: string): BrandReportEvent[] =>
  promptIds.length === 0
    ? []
    : [{ type: 'PromptsUnassignedFromReport', data: { reportId, promptIds, unassignedDate: now } }];
