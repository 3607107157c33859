import { assertNever } from '../../domain/shared/decider.js';
import { SHARE_LINK_EVENT_TYPES, type ShareLinkEvent } from '../../domain/shareLinks/events.js';
import type { Projection, ProjectedEvent, ProjectionScope } from '../runner/projection.js';
import { SHARE_LINK_COLLECTIONS as C, type ShareLinkDoc } from './documents.js';

async function applyEvent(event: ProjectedEvent<ShareLinkEvent>, scope: ProjectionScope): Promise<void> {
  const links = scope.collection<ShareLinkDoc>(C.links);
  switch (event.type) {
    case 'ShareLinkCreated': {
      const { linkId, ...fields } = event.data;
      await links.replaceOne({ _id: linkId }, { _id: linkId, ...fields }, { upsert: true });
      return;
    }
    case 'ShareLinkRevoked':
      await links.deleteOne({ _id: event.data.linkId });
      return;
    default:
      assertNever(event);
  }
}

/** The live share links of every report, found by their token's hash (a request) or their report (the list). */
export const shareLinksProjection: Projection<ShareLinkEvent> = {
  name: 'shareLinks',
  version: 1,
  eventTypes: [...SHARE_LINK_EVENT_TYPES],
  async setup(scope) {
    await scope.collection(C.links).createIndex({ tokenHash: 1 }, { unique: true });
    await scope.collection(C.links).createIndex({ reportId: 1, createdDate: 1 });
  },
  async apply(events, scope) {
    for (const event of events) await applyEvent(event, scope);
  },
};
