import { z } from 'zod';
import { permissionSchema, workspaceScopeSchema } from '../shared/access.js';

/** Addresses compare case-insensitively in practice, so they are stored trimmed and lowercase. */
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email());

/** `passwordHash` is computed by the application layer; the password itself never reaches the domain. */
export const createUserInputSchema = z
  .object({
    email: emailSchema,
    passwordHash: z.string().min(1),
    permission: permissionSchema,
    workspaceIds: workspaceScopeSchema,
  })
  .strict();

export type CreateUserInput = z.input<typeof createUserInputSchema>;
