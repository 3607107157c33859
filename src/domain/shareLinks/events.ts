import type { DomainEvent } from '../shared/decider.js';
import type { EngineId } from '../shared/engines.js';

/**
 * A share link shows one brand report to anyone holding its token, without signing in. The token itself is
 * never stored: the stream keeps its SHA-256 hash, which is what a request's token is looked up by.
 */
export const shareLinkStream = (linkId: string): string => `share-link-${linkId}`;

export interface ShareLinkFields {
  linkId: string;
  reportId: string;
  workspaceId: string;
  teamId: string;
  tokenHash: string;
  label: string | null;
  /** The window: this many days ending on the day the link is opened. */
  days: number;
  country: string;
  /** Null: every engine. */
  engines: EngineId[] | null;
  expiresAt: string;
}

export type ShareLinkCreated = DomainEvent<'ShareLinkCreated', ShareLinkFields & { createdDate: string }>;
export type ShareLinkRevoked = DomainEvent<'ShareLinkRevoked', { linkId: string; reportId: string; revokedDate: string }>;
export type ShareLinkEvent = ShareLinkCreated | ShareLinkRevoked;

export const SHARE_LINK_EVENT_TYPES = ['ShareLinkCreated', 'ShareLinkRevoked'] as const;

export type ShareLinkState =
  | { status: 'absent' }
  | ({ status: 'active'; createdDate: string } & ShareLinkFields)
  | { status: 'revoked'; linkId: string; reportId: string };

export const initialShareLinkState = (): ShareLinkState => ({ status: 'absent' });

export function evolveShareLink(state: ShareLinkState, event: ShareLinkEvent): ShareLinkState {
  switch (event.type) {
    case 'ShareLinkCreated':
      return { status: 'active', ...event.data };
    case 'ShareLinkRevoked':
      return { status: 'revoked', linkId: event.data.linkId, reportId: event.data.reportId };
    default: {
      // An event type this code does not know (written by a newer version) is skipped: the stream stays readable.
      const _unknown: never = event;
      return state;
    }
  }
}
