import type { DomainCommand } from '../shared/command.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { evolveShareLink, initialShareLinkState, type ShareLinkEvent, type ShareLinkFields, type ShareLinkState } from './events.js';

export type CreateShareLink = DomainCommand<'CreateShareLink', ShareLinkFields & { now: string }>;
/** `reportId` is the report the caller addressed: a link of another report is not found, like an unknown one. */
export type RevokeShareLink = DomainCommand<'RevokeShareLink', { linkId: string; reportId: string; now: string }>;
export type ShareLinkCommand = CreateShareLink | RevokeShareLink;

function decide(command: ShareLinkCommand, state: ShareLinkState): ShareLinkEvent[] {
  switch (command.type) {
    case 'CreateShareLink': {
      const { now, ...fields } = command.data;
      if (state.status !== 'absent') throw new ConflictError(`Share link ${fields.linkId} already exists`);
      return [{ type: 'ShareLinkCreated', data: { ...fields, createdDate: now } }];
    }
    case 'RevokeShareLink': {
      const { linkId, reportId, now } = command.data;
      if (state.status !== 'active' || state.reportId !== reportId) throw new NotFoundError(`Share link ${linkId} not found for brand report ${reportId}`, 'linkId');
      return [{ type: 'ShareLinkRevoked', data: { linkId, reportId, revokedDate: now } }];
    }
    default:
      return assertNever(command);
  }
}

export const shareLinkDecider: Decider<ShareLinkState, ShareLinkCommand, ShareLinkEvent> = {
  initialState: initialShareLinkState,
  evolve: evolveShareLink,
  decide,
};
