import { imageSize } from 'image-size';
import { brandingDecider } from '../../domain/branding/decide.js';
import { brandingStream, type LogoType } from '../../domain/branding/events.js';
import { checkLogo, type MeasuredImage } from '../../domain/branding/logo.js';
import { ValidationError } from '../../domain/shared/errors.js';
import { workspaceBranding, type BrandingDoc } from '../../projections/branding/reader.js';
import type { PageBranding } from '../reportPage/document.js';
import { handleCommand } from '../shared/commandHandler.js';
import { nowIso } from '../shared/context.js';
import type { Services } from '../shared/services.js';

/** How a page shows the logo: `embedded` in the page itself (a PDF), or from `served`, a path of this server. */
export type LogoPlacement = 'embedded' | { served: string };

/** A workspace's branding as the API answers it: the logo's size and type, not its bytes. */
export interface Branding {
  name: string | null;
  accentColor: string | null;
  logo: { contentType: LogoType; width: number; height: number } | null;
}

const brandingOf = (doc: BrandingDoc | null): Branding => ({
  name: doc?.name ?? null,
  accentColor: doc?.accentColor ?? null,
  logo: doc?.logo ? { contentType: doc.logo.contentType, width: doc.logo.width, height: doc.logo.height } : null,
});

export const readBranding = async (services: Services, workspaceId: string): Promise<Branding> => brandingOf(await workspaceBranding(services.readModels, workspaceId));

/** The workspace's branding for a report page. */
export async function reportBranding(services: Services, workspaceId: string, placement: LogoPlacement): Promise<PageBranding> {
  const doc = await workspaceBranding(services.readModels, workspaceId);
  const logo = doc?.logo ?? null;
  const logoSrc = logo === null ? null : placement === 'embedded' ? `data:${logo.contentType};base64,${logo.data}` : placement.served;
  return { name: doc?.name ?? null, accentColor: doc?.accentColor ?? null, logoSrc };
}

/** The logo's bytes and type, for a share page to serve; null when the workspace has none. */
export async function logoImage(services: Services, workspaceId: string): Promise<{ contentType: LogoType; bytes: Buffer } | null> {
  const logo = (await workspaceBranding(services.readModels, workspaceId))?.logo ?? null;
  return logo === null ? null : { contentType: logo.contentType, bytes: Buffer.from(logo.data, 'base64') };
}

/** Sets the name and colour; a field left out keeps its value, null resets it. */
export async function setBranding(services: Services, workspaceId: string, patch: { name?: string | null | undefined; accentColor?: string | null | undefined }): Promise<Branding> {
  const current = await readBranding(services, workspaceId);
  const name = patch.name === undefined ? current.name : patch.name;
  const accentColor = patch.accentColor === undefined ? current.accentColor : patch.accentColor;
  const { position } = await handleCommand(services.eventStore, brandingStream(workspaceId), brandingDecider, { type: 'SetBranding', data: { workspaceId, name, accentColor, now: nowIso(services) } });
  await services.readYourWrites(position);
  return readBranding(services, workspaceId);
}

/** The image's header as image-size reads it; null when it is no image it knows. */
function measure(bytes: Buffer): MeasuredImage {
  try {
    const { type, width, height } = imageSize(bytes);
    return type === undefined ? null : { type, width, height };
  } catch {
    return null;
  }
}

/** Stores an uploaded logo once its header is read and checked: 400 saying why otherwise. */
export async function setLogo(services: Services, workspaceId: string, upload: { contentType: string; bytes: Buffer }): Promise<Branding> {
  const checked = checkLogo(upload.contentType, upload.bytes, measure(upload.bytes));
  if ('refused' in checked) throw ValidationError.single('logo', checked.refused);
  const logo = { ...checked.accepted, data: upload.bytes.toString('base64') };
  const { position } = await handleCommand(services.eventStore, brandingStream(workspaceId), brandingDecider, { type: 'SetLogo', data: { workspaceId, logo, now: nowIso(services) } });
  await services.readYourWrites(position);
  return readBranding(services, workspaceId);
}

export async function removeLogo(services: Services, workspaceId: string): Promise<void> {
  const { position } = await handleCommand(services.eventStore, brandingStream(workspaceId), brandingDecider, { type: 'RemoveLogo', data: { workspaceId, now: nowIso(services) } });
  await services.readYourWrites(position);
}
