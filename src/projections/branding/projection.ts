import { BRANDING_EVENT_TYPES, type BrandingEvent, type Logo } from '../../domain/branding/events.js';
import { assertNever } from '../../domain/shared/decider.js';
import type { Doc } from '../../ports/documentStore.js';
import type { Projection, ProjectedEvent, ProjectionScope } from '../runner/projection.js';

export const BRANDING_COLLECTION = 'branding';

/** A workspace's branding; `_id` is the workspace id. A workspace that never set one has no document. */
export interface BrandingDoc extends Doc {
  name: string | null;
  accentColor: string | null;
  logo: Logo | null;
  updatedDate: string;
}

async function applyEvent(event: ProjectedEvent<BrandingEvent>, scope: ProjectionScope): Promise<void> {
  const branding = scope.collection<BrandingDoc>(BRANDING_COLLECTION);
  const { workspaceId, updatedDate } = event.data;
  switch (event.type) {
    case 'BrandingSet': {
      const { name, accentColor } = event.data;
      await branding.updateOne({ _id: workspaceId }, { $set: { name, accentColor, updatedDate }, $setOnInsert: { logo: null } }, { upsert: true });
      return;
    }
    case 'BrandingLogoSet': {
      const { contentType, width, height, data } = event.data;
      const logo = { contentType, width, height, data };
      await branding.updateOne({ _id: workspaceId }, { $set: { logo, updatedDate }, $setOnInsert: { name: null, accentColor: null } }, { upsert: true });
      return;
    }
    case 'BrandingLogoRemoved':
      await branding.updateOne({ _id: workspaceId }, { $set: { logo: null, updatedDate } });
      return;
    default:
      assertNever(event);
  }
}

/** Each workspace's branding, its logo's bytes included, as share pages and PDFs read it. */
export const brandingProjection: Projection<BrandingEvent> = {
  name: 'branding',
  version: 1,
  eventTypes: [...BRANDING_EVENT_TYPES],
  async apply(events, scope) {
    for (const event of events) await applyEvent(event, scope);
  },
};
