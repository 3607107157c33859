import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import { deleteLogoOperation, getBrandingOperation, putLogoOperation, updateWorkspaceOperation } from '../../app/branding/operations.js';
import { expressPath } from '../http/mount.js';
import { restRoute, type Route } from '../http/route.js';

const WORKSPACE = '/v1/workspaces/{id}';
const LOGO_PATH = `${WORKSPACE}/branding/logo`;
const inWorkspace = { pathFields: { id: 'workspaceId' } };

/** Larger bodies are refused before they are read (413); up to this, the logo's own limit (256 KB) answers 400. */
const LOGO_BODY_LIMIT = '1mb';

const readRaw = express.raw({ type: () => true, limit: LOGO_BODY_LIMIT });

/**
 * Mounted before the JSON parser: a logo upload's body, whatever its type, becomes `{contentType, bytes}`, which
 * the operation checks (the type, the size and the image's own header).
 */
export const logoUploadBody: { path: string; handler: RequestHandler } = {
  path: expressPath(LOGO_PATH),
  handler: (request, response, next) => {
    if (request.method !== 'PUT') return next();
    readRaw(request, response, (error?: unknown) => {
      if (error) return next(error);
      const bytes: unknown = request.body;
      request.body = { contentType: request.headers['content-type'] ?? '', bytes: Buffer.isBuffer(bytes) ? bytes : Buffer.alloc(0) };
      next();
    });
  },
};

/** A workspace's branding: name, accent colour and logo. */
export const brandingRoutes: readonly Route[] = [
  restRoute(getBrandingOperation, { method: 'get', path: `${WORKSPACE}/branding`, ...inWorkspace }),
  restRoute(updateWorkspaceOperation, { method: 'patch', path: WORKSPACE, ...inWorkspace }),
  restRoute(putLogoOperation, {
    method: 'put',
    path: LOGO_PATH,
    ...inWorkspace,
    rawBody: { field: 'logo', mediaTypes: ['image/png', 'image/jpeg'], documentedAs: z.string().describe('The image (PNG or JPEG), at most 256 KB and 1024 × 1024 pixels') },
  }),
  restRoute(deleteLogoOperation, { method: 'delete', path: LOGO_PATH, ...inWorkspace, status: 204 }),
];
