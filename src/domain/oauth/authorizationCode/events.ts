import type { DomainEvent } from '../../shared/decider.js';
import type { OAuthGrant } from '../grant.js';

/** One stream per code, named by the code's hash: single use rests on this stream's expected revision. */
export const authorizationCodeStream = (codeHash: string): string => `oauthCode-${codeHash}`;

/** A signed-in user allowed a client: only the code's hash is kept. */
export type AuthorizationCodeIssued = DomainEvent<
  'AuthorizationCodeIssued',
  OAuthGrant & { codeHash: string; redirectUri: string; codeChallenge: string; issuedDate: string; expiresDate: string }
>;

/** The code was exchanged for the tokens of family `familyId`. */
export type AuthorizationCodeRedeemed = DomainEvent<'AuthorizationCodeRedeemed', { codeHash: string; familyId: string; redeemedDate: string }>;

export type AuthorizationCodeEvent = AuthorizationCodeIssued | AuthorizationCodeRedeemed;

export type IssuedAuthorizationCode = AuthorizationCodeIssued['data'];

export type AuthorizationCodeState =
  | { status: 'absent' }
  | ({ status: 'issued' } & IssuedAuthorizationCode)
  | ({ status: 'redeemed'; familyId: string } & IssuedAuthorizationCode);

export const initialState = (): AuthorizationCodeState => ({ status: 'absent' });

export function evolve(state: AuthorizationCodeState, event: AuthorizationCodeEvent): AuthorizationCodeState {
  switch (event.type) {
    case 'AuthorizationCodeIssued':
      return { status: 'issued', ...event.data };
    case 'AuthorizationCodeRedeemed':
      return state.status === 'issued' ? { ...state, status: 'redeemed', familyId: event.data.familyId } : state;
    default: {
      // An event type this code does not know (written by a newer version) is skipped: the stream stays readable.
      const _unknown: never = event;
      return state;
    }
  }
}
