import { z } from 'zod';
import { permissionSchema, workspaceScopeSchema } from '../shared/access.js';

/**
 * The plain key never reaches the domain: the application layer generates it, shows it once and sends only
 * its SHA-256 (hex) and a short prefix that lets a user recognise the key in listings.
 */
export const issueApiKeyInputSchema = z
  .object({
    permission: permissionSchema,
    workspaceIds: workspaceScopeSchema,
    keyHash: z.string().regex(/^[0-9a-f]{64}$/, 'Expected a lowercase hex SHA-256 digest'),
    keyPrefix: z.string().min(1).max(24),
  })
  .strict();

export type IssueApiKeyInput = z.input<typeof issueApiKeyInputSchema>;
