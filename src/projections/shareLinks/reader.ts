import type { ReadModels } from '../runner/readModels.js';
import { SHARE_LINK_COLLECTIONS, type ShareLinkDoc } from './documents.js';
import { shareLinksProjection } from './projection.js';

export type { ShareLinkDoc } from './documents.js';

/** The live link whose token hashes to `tokenHash`; null for an unknown or revoked token. */
export async function linkByTokenHash(readModels: ReadModels, tokenHash: string): Promise<ShareLinkDoc | null> {
  return (await readModels.collection<ShareLinkDoc>(shareLinksProjection, SHARE_LINK_COLLECTIONS.links)).findOne({ tokenHash });
}

/** A report's live links, oldest first; `linkIds` narrows them. */
export async function reportLinks(readModels: ReadModels, reportId: string, linkIds?: readonly string[]): Promise<ShareLinkDoc[]> {
  const links = await readModels.collection<ShareLinkDoc>(shareLinksProjection, SHARE_LINK_COLLECTIONS.links);
  return links.find({ reportId, ...(linkIds ? { _id: { $in: [...linkIds] } } : {}) }, { sort: { createdDate: 1, _id: 1 } });
}
