import { z } from 'zod';
import { createShareLinkFields } from '../../domain/shareLinks/schema.js';
import { REPORT_ERRORS, reportIdField } from '../brandReports/operations.js';
import { windowFields, checkWindow } from '../shared/window.js';
import { analyticsFilterFields } from '../brandReports/history/analyticsScope.js';
import { byReport } from '../shared/access.js';
import { defineOperation } from '../shared/operation.js';
import { printReport } from '../reportPage/pdf.js';
import { reportBranding } from '../branding/branding.js';
import { reportFigures } from './figures.js';
import { createdShareLinkSchema, shareLinkSchema } from './resource.js';
import { createShareLink, listShareLinks, revokeShareLink } from './shareLinks.js';

const TAG = 'Client reports';

export const createShareLinkOperation = defineOperation({
  name: 'createShareLink',
  summary: 'Share a brand report through a link',
  description:
    'Anyone with the answered `url` sees the report without signing in, as the link fixes it: its window is `days` days ending on the day ' +
    'it is opened, in one country and for the chosen engines. The token in `url` is shown only here and stored hashed. An expired link ' +
    'answers 410, a revoked one 404; a link gets at most 60 requests a minute.',
  tag: TAG,
  access: 'write',
  input: z.object({ reportId: reportIdField, ...createShareLinkFields }),
  output: createdShareLinkSchema,
  answers: 'The link, with its URL',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: ({ reportId: _reportId, ...input }, { deps, resource }) => createShareLink(deps, resource, input),
});

export const listShareLinksOperation = defineOperation({
  name: 'listShareLinks',
  summary: "List a brand report's share links",
  description: 'The live links, oldest first, with how often each was used; never their tokens.',
  tag: TAG,
  access: 'read',
  input: z.object({ reportId: reportIdField }),
  output: z.object({ items: z.array(shareLinkSchema) }),
  answers: 'The links',
  errors: REPORT_ERRORS,
  resource: byReport,
  handler: async ({ reportId }, { deps }) => ({ items: await listShareLinks(deps, reportId) }),
});

export const revokeShareLinkOperation = defineOperation({
  name: 'revokeShareLink',
  summary: 'Revoke a share link',
  description: 'Its URL answers 404 from now on.',
  tag: TAG,
  access: 'write',
  input: z.object({ reportId: reportIdField, linkId: z.string().min(1).describe('Share link id') }),
  output: z.object({ id: z.string(), deleted: z.literal(true) }),
  answers: 'Revoked',
  errors: { ...REPORT_ERRORS, 404: 'No such report, or the link is not one of it' },
  resource: byReport,
  handler: async ({ reportId, linkId }, { deps }) => {
    await revokeShareLink(deps, reportId, linkId);
    return { id: linkId, deleted: true as const };
  },
});

export const reportPdfOperation = defineOperation({
  name: 'getBrandReportPdf',
  summary: "A brand report's overview as a PDF",
  description:
    'A4, printed by headless Chromium from the share page’s print layout, with the workspace’s branding. Every figure is the one /stats, ' +
    '/prompts and /citations/stats answer for the same window, country and engines.',
  tag: TAG,
  access: 'read',
  input: z.object({ reportId: reportIdField, ...windowFields, engines: analyticsFilterFields.engines }),
  check: checkWindow,
  output: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  answers: 'The PDF',
  errors: { ...REPORT_ERRORS, 503: 'No browser to print with: the message says what to install' },
  resource: byReport,
  handler: async (filters, { deps, principal, resource, log }) => {
    const figures = await reportFigures(deps, principal, filters, log);
    return printReport(deps, figures, await reportBranding(deps, resource.workspaceId, 'embedded'), resource.teamId);
  },
});
