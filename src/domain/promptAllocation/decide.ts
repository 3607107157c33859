import type { CountryCode } from '../shared/countries.js';
import type { DomainCommand } from '../shared/command.js';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { QuotaExceededError } from '../shared/errors.js';

/**
 * The prompts a team has in use, in one stream per team: appends with the expected revision serialize
 * concurrent creations, so a team never holds more prompts than its plan allows.
 */
export const promptAllocationStream = (teamId: string): string => `promptAllocation-${teamId}`;

/**
 * What to create in the slots allocated: recorded in the allocation itself, so taking the slots and asking for
 * the prompts are one append, and a process that creates them after a crash finds every prompt to create,
 * under ids fixed here (a prompt is never created twice).
 */
export interface PromptRequest {
  batchId: string;
  workspaceId: string;
  country: CountryCode;
  prompts: Array<{ promptId: string; text: string; intentVolume: number | null }>;
  tagIds: string[];
  brandReportIds: string[];
}

export type PromptsAllocated = DomainEvent<
  'PromptsAllocated',
  { teamId: string; promptIds: string[]; allocatedDate: string; request?: PromptRequest }
>;
export type PromptReleased = DomainEvent<'PromptReleased', { teamId: string; promptId: string; releasedDate: string }>;
export type PromptAllocationEvent = PromptsAllocated | PromptReleased;

export interface PromptAllocationState {
  inUse: ReadonlySet<string>;
}

/** A whole batch is checked against the remaining allocation up front: all of it fits, or none is created. */
export type AllocatePrompts = DomainCommand<
  'AllocatePrompts',
  { teamId: string; promptIds: string[]; promptsMax: number; now: string; request?: PromptRequest }
>;
export type ReleasePrompt = DomainCommand<'ReleasePrompt', { teamId: string; promptId: string; now: string }>;
export type PromptAllocationCommand = AllocatePrompts | ReleasePrompt;

function evolve(state: PromptAllocationState, event: PromptAllocationEvent): PromptAllocationState {
  switch (event.type) {
    case 'PromptsAllocated':
      return { inUse: new Set([...state.inUse, ...event.data.promptIds]) };
    case 'PromptReleased':
      return { inUse: new Set([...state.inUse].filter((promptId) => promptId !== event.data.promptId)) };
    default:
      return state;
  }
}

function decide(command: PromptAllocationCommand, state: PromptAllocationState): PromptAllocationEvent[] {
  switch (command.type) {
    case 'AllocatePrompts': {
      const { teamId, promptIds, promptsMax, now, request } = command.data;
      const added = promptIds.filter((promptId) => !state.inUse.has(promptId));
      if (added.length === 0) return [];
      if (state.inUse.size + added.length > promptsMax) {
        const remaining = Math.max(0, promptsMax - state.inUse.size);
        throw new QuotaExceededError(
          `Prompt quota exhausted: ${state.inUse.size} of ${promptsMax} prompts in use, ${remaining} left, ${added.length} requested`,
        );
      }
      return [{ type: 'PromptsAllocated', data: { teamId, promptIds: added, allocatedDate: now, ...(request ? { request } : {}) } }];
    }
    case 'ReleasePrompt': {
      const { teamId, promptId, now } = command.data;
      return state.inUse.has(promptId) ? [{ type: 'PromptReleased', data: { teamId, promptId, releasedDate: now } }] : [];
    }
    default:
      return assertNever(command);
  }
}

export const promptAllocationDecider: Decider<PromptAllocationState, PromptAllocationCommand, PromptAllocationEvent> = {
  initialState: () => ({ inUse: new Set() }),
  evolve,
  decide,
};
