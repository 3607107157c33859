import type { Permission, WorkspaceScope } from '../shared/access.js';
import type { DomainEvent } from '../shared/decider.js';

export const apiKeyStream = (keyId: string): string => `apiKey-${keyId}`;

export type ApiKeyIssued = DomainEvent<
  'ApiKeyIssued',
  {
    keyId: string;
    teamId: string;
    permission: Permission;
    workspaceIds: WorkspaceScope;
    keyHash: string;
    keyPrefix: string;
    issuedDate: string;
  }
>;

export type ApiKeyRevoked = DomainEvent<'ApiKeyRevoked', { keyId: string; teamId: string; revokedDate: string }>;

export type ApiKeyEvent = ApiKeyIssued | ApiKeyRevoked;

export type IssuedApiKey = ApiKeyIssued['data'];

export type ApiKeyState =
  | { status: 'absent' }
  | ({ status: 'active' } & IssuedApiKey)
  | ({ status: 'revoked'; revokedDate: string } & IssuedApiKey);

export const initialState = (): ApiKeyState => ({ status: 'absent' });

export function evolve(state: ApiKeyState, event: ApiKeyEvent): ApiKeyState {
  switch (event.type) {
    case 'ApiKeyIssued':
      return { status: 'active', ...event.data };
    case 'ApiKeyRevoked':
      return state.status === 'active' ? { ...state, status: 'revoked', revokedDate: event.data.revokedDate } : state;
    default: {
      // An event type this code does not know (written by a newer version) is skipped: the stream stays readable.
      const _unknown: never = event;
      return state;
    }
  }
}
