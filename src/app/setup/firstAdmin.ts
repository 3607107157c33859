import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ConcurrencyError, ForbiddenError, NotFoundError } from '../../domain/shared/errors.js';
import { nameSchema } from '../../domain/shared/schemas.js';
import { emailSchema } from '../../domain/user/schema.js';
import { createUser } from '../credentials/credentials.js';
import { nowIso } from '../shared/context.js';
import { randomBase62 } from '../shared/ids.js';
import type { Services } from '../shared/services.js';
import { createTeam } from '../teams/teams.js';
import { createWorkspace } from '../workspaces/commands.js';

/** The first admin's password, as for every password a person chooses. */
export const SETUP_PASSWORD_MIN = 12;

/** `POST /setup`: the first team, its first workspace and its first admin user. */
export const setupInputSchema = z
  .object({
    token: z.string().max(200),
    teamName: nameSchema(200).describe('Team name'),
    workspaceName: nameSchema(200).describe('First workspace name'),
    email: emailSchema.describe("The admin's e-mail address, to sign in with"),
    password: z.string().min(SETUP_PASSWORD_MIN, `At least ${SETUP_PASSWORD_MIN} characters`).max(1024),
  })
  .strict();

export type SetupInput = z.output<typeof setupInputSchema>;

export const SETUP_DONE = 'Setup is done: sign in instead';
export const SETUP_TOKEN_REFUSED = 'Open the setup URL that serve printed: this token is missing or wrong';

/** The stream whose first event marks the setup done: its no-stream expectation lets only one request complete it. */
const SETUP_STREAM = 'setup-firstAdmin';

/** A setup token has 256 random bits, so a fast hash is enough; only the hash is kept. */
const hashSetupToken = (token: string): Buffer => createHash('sha256').update(token).digest();

/** 43 base62 characters, as a session id. */
export const newSetupToken = (): string => randomBase62(43);

/**
 * The one-time setup of an empty install (no demo): whoever holds the token `serve` printed creates the first
 * team, workspace and admin user, once. Every process of the install checks the same token hash and the same
 * stream, so the setup completes once whichever process answers.
 */
export class FirstAdminSetup {
  private readonly tokenHash: Buffer;
  private done = false;

  constructor(tokenHash: string) {
    this.tokenHash = Buffer.from(tokenHash, 'hex');
  }

  static hashOf(token: string): string {
    return hashSetupToken(token).toString('hex');
  }

  /** 404 once the setup is done (by any process), then 403 for a missing or wrong token. */
  async check(services: Services, token: unknown): Promise<void> {
    if (await this.isDone(services)) throw new NotFoundError(SETUP_DONE);
    const presented = typeof token === 'string' ? hashSetupToken(token) : null;
    if (presented === null || !timingSafeEqual(presented, this.tokenHash)) throw new ForbiddenError(SETUP_TOKEN_REFUSED);
  }

  /** Claims the setup, then creates the team, the workspace and the admin (write permission on every workspace). */
  async complete(services: Services, input: SetupInput): Promise<{ teamId: string; workspaceId: string; userId: string }> {
    try {
      await services.eventStore.append(SETUP_STREAM, [{ type: 'FirstAdminSetupClaimed', data: { claimedDate: nowIso(services) } }], {
        expectedRevision: 'no_stream',
      });
    } catch (error) {
      if (error instanceof ConcurrencyError) throw new NotFoundError(SETUP_DONE);
      throw error;
    }
    this.done = true;
    const team = await createTeam(services, { name: input.teamName });
    const workspace = await createWorkspace(services, { teamId: team.id, name: input.workspaceName });
    const user = await createUser(services, { teamId: team.id, email: input.email, password: input.password, permission: 'write', workspaceIds: 'all' });
    await services.readYourWrites(user.position);
    return { teamId: team.id, workspaceId: workspace.id, userId: user.id };
  }

  private async isDone(services: Services): Promise<boolean> {
    if (!this.done) this.done = (await services.eventStore.readStream(SETUP_STREAM)).length > 0;
    return this.done;
  }
}
