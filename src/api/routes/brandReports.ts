import { z } from 'zod';
import { editBrandReport } from '../../app/brandReportEdits.js';
import { brandReportListItemSchema, brandReportSchema } from '../../app/queries/brandReportResource.js';
import { BRAND_REPORT_LIST, getBrandReport, listBrandReports } from '../../app/queries/brandReports.js';
import { cursorPagingSchema, cursorParameterSchema } from '../../app/queries/paging.js';
import { brandReportPatchSchema } from '../../domain/brandReport/schema.js';
import { defineRoute, type Route } from '../http/route.js';

const TAG = 'Brand reports';

export const reportParams = z.object({ reportId: z.string().min(1).describe('Brand report id') });

const listQuery = z
  .object({
    cursor: cursorParameterSchema(BRAND_REPORT_LIST).optional(),
    workspaceId: z.string().min(1).optional().describe('Only this workspace; without it, every workspace the key can read'),
  })
  .strict();

const reportList = z.object({ items: z.array(brandReportListItemSchema), paging: cursorPagingSchema });

const json = 'application/json' as const;

export const brandReportRoutes: readonly Route[] = [
  defineRoute({
    method: 'get',
    path: '/v1/reports/brand',
    operationId: 'listBrandReports',
    summary: 'List brand reports',
    description: 'Pages of 25, newest first (createdDate, then id). The cursor stays valid when reports are added meanwhile.',
    tag: TAG,
    auth: 'read',
    query: listQuery,
    success: { status: 200, description: 'One page of brand reports', schema: reportList, contentType: json },
    errors: { 403: 'workspaceId names a workspace the key cannot read', 404: 'workspaceId names no workspace' },
    handler: ({ query, principal, services }) => listBrandReports(services, principal, query),
  }),
  defineRoute({
    method: 'get',
    path: '/v1/reports/brand/{reportId}',
    operationId: 'getBrandReport',
    summary: 'Get a brand report',
    description: 'The body can be sent back to PATCH unchanged; that changes nothing.',
    tag: TAG,
    auth: 'read',
    params: reportParams,
    success: { status: 200, description: 'The brand report', schema: brandReportSchema, contentType: json },
    errors: { 403: 'The report belongs to a workspace the key cannot read', 404: 'No such report' },
    handler: ({ params, principal, services }) => getBrandReport(services, principal, params.reportId),
  }),
  defineRoute({
    method: 'patch',
    path: '/v1/reports/brand/{reportId}',
    operationId: 'updateBrandReport',
    summary: 'Update a brand report',
    description:
      'Only the fields sent change; an array sent replaces the stored one; a field sent with its stored value ' +
      'is left alone and not re-validated; read-only fields are ignored. Changing detection fields recalculates ' +
      "the report's history asynchronously; changing promptIds assigns and unassigns prompts.",
    tag: TAG,
    auth: 'write',
    params: reportParams,
    body: brandReportPatchSchema,
    bodyValidatedByDomain: true,
    success: { status: 200, description: 'The updated brand report', schema: brandReportSchema, contentType: json },
    errors: { 403: 'The report belongs to a workspace the key cannot read', 404: 'No such report' },
    handler: ({ params, body, principal, services }) => editBrandReport(services, principal, params.reportId, body),
  }),
];
