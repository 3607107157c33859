import { createHash, randomBytes } from 'node:crypto';
import type { ActiveBrandReport } from '../../domain/brandReport/events.js';
import type { EngineId } from '../../domain/shared/engines.js';
import { ValidationError } from '../../domain/shared/errors.js';
import { shareLinkDecider } from '../../domain/shareLinks/decide.js';
import { shareLinkStream } from '../../domain/shareLinks/events.js';
import { linkExpiry } from '../../domain/shareLinks/window.js';
import { reportLinks } from '../../projections/shareLinks/reader.js';
import { handleCommand } from '../shared/commandHandler.js';
import { nowIso } from '../shared/context.js';
import { randomBase62 } from '../shared/ids.js';
import type { Services } from '../shared/services.js';
import { shareLinkOf, type ShareLink } from './resource.js';
import { linkViews } from './views.js';

/** 32 random bytes (256 bits), URL-safe: the part of a share link that grants access. */
const newToken = (): string => `gls_${randomBytes(32).toString('base64url')}`;

/** Tokens are looked up by this hash; the token itself is stored nowhere. */
export const hashShareToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The country a link shows when its creation names none: the report's first. */
export const defaultCountry = (report: ActiveBrandReport): string => [...new Set(report.prompts.map(({ country }) => country))].sort()[0] ?? 'us';

export interface ShareLinkInput {
  days: number;
  country?: string | undefined;
  engines?: EngineId[] | undefined;
  expiresAt?: string | undefined;
  label?: string | undefined;
}

/** Creates a link to `report`; the answer's `url` carries the token, shown only there. */
export async function createShareLink(services: Services, report: ActiveBrandReport, input: ShareLinkInput): Promise<Omit<ShareLink, 'views' | 'lastViewedAt'> & { url: string }> {
  const expiry = linkExpiry(input.expiresAt, services.clock.now());
  if ('refused' in expiry) throw ValidationError.single('expiresAt', expiry.refused);
  const linkId = `sl_${randomBase62(16)}`;
  const token = newToken();
  const fields = {
    linkId,
    reportId: report.reportId,
    workspaceId: report.workspaceId,
    teamId: report.teamId,
    tokenHash: hashShareToken(token),
    label: input.label ?? null,
    days: input.days,
    country: input.country ?? defaultCountry(report),
    engines: input.engines ? [...new Set(input.engines)] : null,
    expiresAt: expiry.expiresAt,
  };
  const now = nowIso(services);
  const { position } = await handleCommand(services.eventStore, shareLinkStream(linkId), shareLinkDecider, { type: 'CreateShareLink', data: { ...fields, now } });
  await services.readYourWrites(position);
  const { tokenHash: _hash, teamId: _team, workspaceId: _workspace, linkId: id, ...shown } = fields;
  return { id, ...shown, createdDate: now, url: `${services.baseUrl}/share/${token}` };
}

/** Revokes a link of `reportId`: its token answers 404 from then on. */
export async function revokeShareLink(services: Services, reportId: string, linkId: string): Promise<void> {
  const { position } = await handleCommand(services.eventStore, shareLinkStream(linkId), shareLinkDecider, {
    type: 'RevokeShareLink',
    data: { linkId, reportId, now: nowIso(services) },
  });
  await services.readYourWrites(position);
}

/** The report's live links with their views, oldest first. */
export async function listShareLinks(services: Services, reportId: string): Promise<ShareLink[]> {
  const links = await reportLinks(services.readModels, reportId);
  const views = await linkViews(services.documentStore, links.map(({ _id }) => _id));
  return links.map((link) => shareLinkOf(link, views.get(link._id) ?? { views: 0, lastViewedAt: null }));
}
