import { normalizeScope, workspacesOutsideTeam } from '../shared/access.js';
import type { DomainCommand } from '../shared/command.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { parseOrThrow, validationFailed } from '../shared/zodIssues.js';
import { evolve, initialState, type ApiKeyEvent, type ApiKeyState } from './events.js';
import { issueApiKeyInputSchema, type IssueApiKeyInput } from './schema.js';

/** `teamWorkspaceIds`: the workspaces of the team, looked up by the application layer. */
export type IssueApiKey = DomainCommand<
  'IssueApiKey',
  IssueApiKeyInput & { keyId: string; teamId: string; teamWorkspaceIds: ReadonlySet<string>; now: string }
>;
export type RevokeApiKey = DomainCommand<'RevokeApiKey', { keyId: string; now: string }>;
export type ApiKeyCommand = IssueApiKey | RevokeApiKey;

export function decide(command: ApiKeyCommand, state: ApiKeyState): ApiKeyEvent[] {
  switch (command.type) {
    case 'IssueApiKey':
      return issue(command.data, state);
    case 'RevokeApiKey': {
      const { keyId, now } = command.data;
      if (state.status === 'absent') throw new NotFoundError(`API key ${keyId} not found`, 'keyId');
      if (state.status === 'revoked') throw new ConflictError(`API key ${keyId} is already revoked`);
      return [{ type: 'ApiKeyRevoked', data: { keyId, teamId: state.teamId, revokedDate: now } }];
    }
    default:
      return assertNever(command);
  }
}

function issue(data: IssueApiKey['data'], state: ApiKeyState): ApiKeyEvent[] {
  const { keyId, teamId, teamWorkspaceIds, now, ...fields } = data;
  if (state.status !== 'absent') throw new ConflictError(`API key ${keyId} already exists`);
  const input = parseOrThrow(issueApiKeyInputSchema, fields);
  const outside = workspacesOutsideTeam(input.workspaceIds, teamWorkspaceIds);
  if (outside.length > 0) throw validationFailed(outside);
  const { permission, keyHash, keyPrefix } = input;
  const workspaceIds = normalizeScope(input.workspaceIds);
  return [
    {
      type: 'ApiKeyIssued',
      data: { keyId, teamId, permission, workspaceIds, keyHash, keyPrefix, issuedDate: now },
    },
  ];
}

export const apiKeyDecider: Decider<ApiKeyState, ApiKeyCommand, ApiKeyEvent> = { initialState, evolve, decide };
