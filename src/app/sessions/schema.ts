import { z } from 'zod';
import { PERMISSIONS } from '../../domain/shared/access.js';

/** `POST /auth/session`: a geolens user's credentials, as `geolens user create` made them. */
export const signInInputSchema = z.object({
  email: z.string().trim().min(1, 'Enter your e-mail address').max(320),
  password: z.string().min(1, 'Enter your password').max(1024),
});

export type SignInInput = z.output<typeof signInInputSchema>;

/** The signed-in user and what a page needs to call `/v1` with the session's cookie. */
export const sessionSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    teamId: z.string(),
    permission: z.enum(PERMISSIONS),
    workspaceIds: z.array(z.string()).nullable().describe('null: every workspace of the team'),
  }),
  csrfToken: z.string().describe('Send as X-CSRF-Token on every request but GET, HEAD and OPTIONS'),
  idleExpiresAt: z.string().describe('When the session ends unless it is used before'),
});

export type SessionView = z.output<typeof sessionSchema>;
