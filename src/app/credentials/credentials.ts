import { apiKeyDecider } from '../../domain/apiKey/decide.js';
import { apiKeyStream } from '../../domain/apiKey/events.js';
import type { Permission, WorkspaceScope } from '../../domain/shared/access.js';
import { ConcurrencyError, ConflictError } from '../../domain/shared/errors.js';
import { userDecider } from '../../domain/user/decide.js';
import { userStream } from '../../domain/user/events.js';
import { requireTeam, workspacesOfTeam } from '../shared/aggregates.js';
import { handleCommand, type Created } from '../shared/commandHandler.js';
import { nowIso, type AppContext } from '../shared/context.js';
import { newId } from '../shared/ids.js';
import { apiKeyDisplayPrefix, generateApiKey, hashApiKey, hashPassword } from './secrets.js';

export interface CredentialInput {
  teamId: string;
  permission: Permission;
  /** `'all'`: every workspace of the team, present and future. */
  workspaceIds: WorkspaceScope;
}

const listedWorkspaces = (scope: WorkspaceScope): string[] => (scope === 'all' ? [] : scope);

/** Issues a key; the plain key is returned once and never stored. */
export async function createApiKey(context: AppContext, input: CredentialInput): Promise<Created & { key: string }> {
  await requireTeam(context.eventStore, input.teamId);
  const teamWorkspaceIds = await workspacesOfTeam(context.eventStore, input.teamId, listedWorkspaces(input.workspaceIds));
  const keyId = newId('key');
  const key = generateApiKey();
  const result = await handleCommand(context.eventStore, apiKeyStream(keyId), apiKeyDecider, {
    type: 'IssueApiKey',
    data: {
      keyId,
      teamId: input.teamId,
      permission: input.permission,
      workspaceIds: input.workspaceIds,
      keyHash: hashApiKey(key),
      keyPrefix: apiKeyDisplayPrefix(key),
      teamWorkspaceIds,
      now: nowIso(context),
    },
  });
  return { id: keyId, key, position: result.position };
}

export async function revokeApiKey(context: AppContext, keyId: string): Promise<Created> {
  const result = await handleCommand(context.eventStore, apiKeyStream(keyId), apiKeyDecider, {
    type: 'RevokeApiKey',
    data: { keyId, now: nowIso(context) },
  });
  return { id: keyId, position: result.position };
}

/** One stream per e-mail address reserves it: the store's no-stream expectation makes the check atomic. */
const emailReservationStream = (email: string): string => `userEmail-${email.trim().toLowerCase()}`;

export async function createUser(
  context: AppContext,
  input: CredentialInput & { email: string; password: string },
): Promise<Created> {
  await requireTeam(context.eventStore, input.teamId);
  const teamWorkspaceIds = await workspacesOfTeam(context.eventStore, input.teamId, listedWorkspaces(input.workspaceIds));
  const userId = newId('user');
  const command = {
    type: 'CreateUser' as const,
    data: {
      userId,
      teamId: input.teamId,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      permission: input.permission,
      workspaceIds: input.workspaceIds,
      teamWorkspaceIds,
      now: nowIso(context),
    },
  };
  // Validate first so that a refused user does not leave its e-mail reserved.
  userDecider.decide(command, userDecider.initialState());
  await reserveEmail(context, input.email, userId);
  const result = await handleCommand(context.eventStore, userStream(userId), userDecider, command);
  return { id: userId, position: result.position };
}

async function reserveEmail(context: AppContext, email: string, userId: string): Promise<void> {
  try {
    await context.eventStore.append(
      emailReservationStream(email),
      [{ type: 'UserEmailReserved', data: { userId, reservedDate: nowIso(context) } }],
      { expectedRevision: 'no_stream' },
    );
  } catch (error) {
    if (error instanceof ConcurrencyError) throw new ConflictError(`A user with e-mail ${email} already exists`);
    throw error;
  }
}
