import { z } from 'zod';
import { engineSchema } from '../../domain/shared/engines.js';
import type { ShareLinkDoc } from '../../projections/shareLinks/reader.js';
import type { LinkViews } from './views.js';

/** A share link as the list answers it: never its token. */
export const shareLinkSchema = z
  .object({
    id: z.string(),
    reportId: z.string(),
    label: z.string().nullable(),
    days: z.number().int().describe('The window: this many days ending on the day the link is opened'),
    country: z.string(),
    engines: z.array(engineSchema).nullable().describe('Null: every engine'),
    expiresAt: z.iso.datetime(),
    createdDate: z.iso.datetime(),
    views: z.number().int().describe('Requests answered through the link (its page, its data and its PDF)'),
    lastViewedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ShareLink' });

/** The creation's answer: the only one that carries the link's token, inside `url`. */
export const createdShareLinkSchema = shareLinkSchema
  .omit({ views: true, lastViewedAt: true })
  .extend({ url: z.string().describe('`{BASE_URL}/share/{token}`: the token is shown only here') })
  .meta({ id: 'CreatedShareLink' });

export type ShareLink = z.output<typeof shareLinkSchema>;

export const shareLinkOf = ({ _id, reportId, label, days, country, engines, expiresAt, createdDate }: ShareLinkDoc, views: LinkViews): ShareLink => ({
  id: _id,
  reportId,
  label,
  days,
  country,
  engines,
  expiresAt,
  createdDate,
  ...views,
});
