import { z } from 'zod';
import { nameSchema } from '../shared/schemas.js';

export const createWorkspaceInputSchema = z.object({ name: nameSchema(200) }).strict();

export type CreateWorkspaceInput = z.input<typeof createWorkspaceInputSchema>;
