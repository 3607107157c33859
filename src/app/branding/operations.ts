import { z } from 'zod';
import { brandingFields } from '../../domain/branding/schema.js';
import { byWorkspace } from '../shared/access.js';
import { defineOperation } from '../shared/operation.js';
import { runsPerDaySchema } from '../../domain/workspace/schema.js';
import { setRunsPerDay } from '../workspaces/commands.js';
import { WORKSPACE_ERRORS, workspaceIdField, WORKSPACES_TAG } from '../workspaces/operations.js';
import { getWorkspace, workspaceSchema } from '../workspaces/queries.js';
import { readBranding, removeLogo, setBranding, setLogo } from './branding.js';

const TAG = 'Client reports';

export const brandingSchema = z
  .object({
    name: z.string().nullable().describe("The agency's name; null: geolens's"),
    accentColor: z.string().nullable().describe('#rrggbb; null: geolens’s'),
    logo: z.object({ contentType: z.enum(['image/png', 'image/jpeg']), width: z.number().int(), height: z.number().int() }).nullable(),
  })
  .meta({ id: 'WorkspaceBranding' });

const workspaceBrandingSchema = z.object({ id: z.string(), branding: brandingSchema });

/** An uploaded logo as the route reads it: the body's bytes and the Content-Type it was sent with. */
export const logoUploadSchema = z.custom<{ contentType: string; bytes: Buffer }>(
  (value) => typeof value === 'object' && value !== null && Buffer.isBuffer((value as { bytes?: unknown }).bytes),
  { message: 'Expected the image as the body, Content-Type image/png or image/jpeg' },
);

export const getBrandingOperation = defineOperation({
  name: 'getWorkspaceBranding',
  summary: "A workspace's branding",
  tag: TAG,
  access: 'read',
  input: z.object({ workspaceId: workspaceIdField }),
  output: workspaceBrandingSchema,
  errors: WORKSPACE_ERRORS,
  resource: byWorkspace,
  handler: async ({ workspaceId }, { deps }) => ({ id: workspaceId, branding: await readBranding(deps, workspaceId) }),
});

/**
 * PATCH /v1/workspaces/{id}: one operation for every field a workspace's owner sets (the runs per day and the
 * branding), since one path and method can only be one operation.
 */
export const updateWorkspaceOperation = defineOperation({
  name: 'updateWorkspace',
  summary: "Change a workspace's runs per day or branding",
  description:
    'Each UTC day the scheduler makes `runsPerDay` runs of each active prompt on each engine that serves its country, ' +
    'replicate k of n no earlier than k·24/n hours after midnight; a new value shows at once and applies from the next UTC day. ' +
    '`branding` sets the name and accent colour that share pages, PDFs and report e-mails show instead of geolens’s: a field left out ' +
    'keeps its value; null resets it. Give either or both.',
  tag: WORKSPACES_TAG,
  access: 'write',
  input: z
    .object({ workspaceId: workspaceIdField, runsPerDay: runsPerDaySchema.optional(), branding: brandingFields.branding.optional() })
    .strict()
    .refine((input) => input.runsPerDay !== undefined || input.branding !== undefined, {
      path: ['runsPerDay'],
      message: 'Give runsPerDay, branding or both',
    }),
  output: workspaceSchema.extend({ branding: brandingSchema }).meta({ id: 'WorkspaceWithBranding' }),
  answers: 'The workspace and its branding',
  errors: WORKSPACE_ERRORS,
  resource: byWorkspace,
  handler: async ({ workspaceId, runsPerDay, branding }, { deps }) => {
    if (runsPerDay !== undefined) await deps.readYourWrites((await setRunsPerDay(deps, { workspaceId, runsPerDay })).position);
    const current = branding ? await setBranding(deps, workspaceId, branding) : await readBranding(deps, workspaceId);
    return { ...(await getWorkspace(deps, workspaceId)), branding: current };
  },
});

export const putLogoOperation = defineOperation({
  name: 'putWorkspaceLogo',
  summary: "Upload a workspace's logo",
  description:
    'The raw image as the body, Content-Type image/png or image/jpeg, at most 256 KB and 1024 × 1024 pixels. Its header is read and must ' +
    'be that of the declared type; anything else is a 400 saying why. The logo is served by geolens itself: no URL is ever fetched for it.',
  tag: TAG,
  access: 'write',
  input: z.object({ workspaceId: workspaceIdField, logo: logoUploadSchema }),
  output: workspaceBrandingSchema,
  errors: WORKSPACE_ERRORS,
  resource: byWorkspace,
  handler: async ({ workspaceId, logo }, { deps }) => ({ id: workspaceId, branding: await setLogo(deps, workspaceId, logo) }),
});

export const deleteLogoOperation = defineOperation({
  name: 'deleteWorkspaceLogo',
  summary: "Remove a workspace's logo",
  tag: TAG,
  access: 'write',
  input: z.object({ workspaceId: workspaceIdField }),
  output: z.object({ id: z.string(), deleted: z.literal(true) }),
  errors: WORKSPACE_ERRORS,
  resource: byWorkspace,
  handler: async ({ workspaceId }, { deps }) => {
    await removeLogo(deps, workspaceId);
    return { id: workspaceId, deleted: true as const };
  },
});
