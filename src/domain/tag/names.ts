import type { DomainCommand } from '../shared/command.js';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { ValidationError } from '../shared/errors.js';

/**
 * The tag names in use in one workspace, one stream per workspace: appends with the expected revision make
 * two concurrent creations of "Pricing" and "pricing" see each other, so names stay unique case-insensitively.
 */
export const tagNamesStream = (workspaceId: string): string => `tagNames-${workspaceId}`;

/** Names compare trimmed and case-insensitively. */
export const tagNameKey = (name: string): string => name.trim().toLocaleLowerCase('en');

/** The order tags are listed in (a report's, a prompt's): by name, then by id. */
export const byTagName = (left: { id: string; name: string }, right: { id: string; name: string }): number =>
  left.name.localeCompare(right.name) || (left.id < right.id ? -1 : 1);

export type TagNameClaimed = DomainEvent<'TagNameClaimed', { workspaceId: string; tagId: string; name: string; claimedDate: string }>;
export type TagNameReleased = DomainEvent<'TagNameReleased', { workspaceId: string; tagId: string; releasedDate: string }>;
export type TagNameEvent = TagNameClaimed | TagNameReleased;

/** The tag holding each name key, and since when. */
export interface TagNamesState {
  inUse: ReadonlyMap<string, { tagId: string; claimedDate: string }>;
}

export type ClaimTagName = DomainCommand<'ClaimTagName', { workspaceId: string; tagId: string; name: string; now: string }>;
/** A tag that is deleted gives its name back; releasing a name that is not held changes nothing. */
export type ReleaseTagName = DomainCommand<'ReleaseTagName', { workspaceId: string; tagId: string; now: string }>;
export type TagNameCommand = ClaimTagName | ReleaseTagName;

function evolve(state: TagNamesState, event: TagNameEvent): TagNamesState {
  const inUse = new Map(state.inUse);
  switch (event.type) {
    case 'TagNameClaimed':
      inUse.set(tagNameKey(event.data.name), { tagId: event.data.tagId, claimedDate: event.data.claimedDate });
      return { inUse };
    case 'TagNameReleased':
      for (const [key, { tagId }] of inUse) if (tagId === event.data.tagId) inUse.delete(key);
      return { inUse };
    default:
      return state;
  }
}

function decide(command: TagNameCommand, state: TagNamesState): TagNameEvent[] {
  switch (command.type) {
    case 'ClaimTagName': {
      const { workspaceId, tagId, name, now } = command.data;
      const holder = state.inUse.get(tagNameKey(name))?.tagId;
      if (holder === tagId) return [];
      if (holder !== undefined) {
        throw ValidationError.single('name', `A tag named "${name.trim()}" already exists in the workspace (names compare case-insensitively)`);
      }
      return [{ type: 'TagNameClaimed', data: { workspaceId, tagId, name: name.trim(), claimedDate: now } }];
    }
    case 'ReleaseTagName': {
      const { workspaceId, tagId, now } = command.data;
      const held = [...state.inUse.values()].some((claim) => claim.tagId === tagId);
      return held ? [{ type: 'TagNameReleased', data: { workspaceId, tagId, releasedDate: now } }] : [];
    }
    default:
      return assertNever(command);
  }
}

export const tagNamesDecider: Decider<TagNamesState, TagNameCommand, TagNameEvent> = {
  initialState: () => ({ inUse: new Map() }),
  evolve,
  decide,
};
