/** The administration screens' answers, typed from the API's own zod schemas (type-only: nothing reaches the bundle). */
import type { z } from 'zod';
import type { accountInfoSchema } from '../../../../src/app/accounts/account.js';
import type { teamApiKeySchema } from '../../../../src/app/credentials/teamKeys.js';
import type { workspacePromptSchema } from '../../../../src/app/prompts/resource.js';
import type { cursorPagingSchema } from '../../../../src/app/shared/paging.js';
import type { workspaceTagSchema } from '../../../../src/app/tags/tags.js';

export type AccountInfo = z.output<typeof accountInfoSchema>;
export type TeamApiKey = z.output<typeof teamApiKeySchema>;
export type CreatedApiKey = TeamApiKey & { key: string };
export type WorkspacePrompt = z.output<typeof workspacePromptSchema>;
export type WorkspacePromptPage = { items: WorkspacePrompt[]; paging: z.output<typeof cursorPagingSchema> };
export type WorkspaceTag = z.output<typeof workspaceTagSchema>;
