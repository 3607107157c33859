import { z } from 'zod';
import { nameSchema } from '../shared/schemas.js';

export const createWorkspaceInputSchema = z.object({ name: nameSchema(200).describe('Workspace name') }).strict();

export type CreateWorkspaceInput = z.input<typeof createWorkspaceInputSchema>;
