import type { EngineId } from '../../domain/shared/engines.js';
import type { Doc } from '../../ports/documentStore.js';

export const SHARE_LINK_COLLECTIONS = { links: 'shareLinks' } as const;

/** A live share link; `_id` is the link id. A revoked link leaves the collection, so its token finds nothing. */
export interface ShareLinkDoc extends Doc {
  reportId: string;
  workspaceId: string;
  teamId: string;
  tokenHash: string;
  label: string | null;
  days: number;
  country: string;
  engines: EngineId[] | null;
  expiresAt: string;
  createdDate: string;
}
