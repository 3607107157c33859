import type { ReadModels } from '../runner/readModels.js';
import { BRANDING_COLLECTION, brandingProjection, type BrandingDoc } from './projection.js';

export type { BrandingDoc } from './projection.js';

/** The workspace's branding; null when it never set any. */
export async function workspaceBranding(readModels: ReadModels, workspaceId: string): Promise<BrandingDoc | null> {
  return (await readModels.collection<BrandingDoc>(brandingProjection, BRANDING_COLLECTION)).findOne({ _id: workspaceId });
}
