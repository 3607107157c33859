import type { SignedInUser } from '../../domain/oauth/grant.js';
import { UnauthorizedError } from '../../domain/shared/errors.js';
import type { SessionStore, StoredSession } from '../../ports/sessionStore.js';
import { directoryCollection } from '../../projections/directory/reader.js';
import { signIn } from '../signIn/signIn.js';
import type { SignInThrottle } from '../signIn/throttle.js';
import type { TeamPrincipal } from '../shared/principal.js';
import type { Services } from '../shared/services.js';
import type { SessionView, SignInInput } from './schema.js';
import { csrfTokenOf, hashSessionId, newSessionId } from './secrets.js';

/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** Requests within this long of the last recorded one do not write it again. */
const TOUCH_EVERY_MS = 60 * 1000;

export const SESSION_EXPIRED = 'Your session expired; sign in again';
export const NOT_SIGNED_IN = 'Not signed in';

export interface ActiveSession {
  view: SessionView;
  /** The user as the caller of `/v1` operations: their team, permission and workspaces. */
  principal: TeamPrincipal;
}

export type SessionSignIn =
  | { outcome: 'signedIn'; sessionId: string; session: ActiveSession }
  | { outcome: 'refused' }
  | { outcome: 'throttled'; secondsToWait: number };

const plusMs = (iso: string, ms: number): string => new Date(Date.parse(iso) + ms).toISOString();

type SessionUser = SignedInUser & { email: string };

function activeSession(user: SessionUser, sessionId: string, lastSeenDate: string): ActiveSession {
  const { userId, email, teamId, permission, workspaceIds } = user;
  return {
    view: {
      user: { id: userId, email, teamId, permission, workspaceIds: workspaceIds === 'all' ? null : workspaceIds },
      csrfToken: csrfTokenOf(sessionId),
      idleExpiresAt: plusMs(lastSeenDate, SESSION_IDLE_MS),
    },
    principal: { kind: 'session', teamId, credentialId: userId, permission, workspaceIds },
  };
}

/**
 * Dashboard sessions: a sign-in checks the user's password (through the sign-in throttle the OAuth page
 * shares) and stores the hash of a new random id; every later request presents the id from its cookie.
 */
export class DashboardSessions {
  constructor(
    private readonly services: Services,
    private readonly store: SessionStore,
    private readonly throttle: SignInThrottle,
  ) {}

  /** `address`: the client's, by which (with the account) the throttle counts failures. */
  async signIn(input: SignInInput, address: string | undefined): Promise<SessionSignIn> {
    const result = await signIn(this.services, this.throttle, { ...input, address });
    if (result.outcome !== 'signedIn') return result;
    const user = { ...result.user, email: result.email };
    const now = this.now();
    await this.store.deleteIdleSince(plusMs(now, -SESSION_IDLE_MS));
    const sessionId = newSessionId();
    await this.store.create({ idHash: hashSessionId(sessionId), userId: user.userId, createdDate: now, lastSeenDate: now });
    return { outcome: 'signedIn', sessionId, session: activeSession(user, sessionId, now) };
  }

  /** The session of a cookie, its idle time extended; 401 when it is unknown, ended or idle too long. */
  async resume(sessionId: string): Promise<ActiveSession> {
    const idHash = hashSessionId(sessionId);
    const stored = await this.store.find(idHash);
    const now = this.now();
    const user = stored && !this.idle(stored, now) ? await this.user(stored.userId) : null;
    if (!stored || !user) {
      if (stored) await this.store.delete(idHash);
      throw new UnauthorizedError(SESSION_EXPIRED);
    }
    let { lastSeenDate } = stored;
    if (Date.parse(now) - Date.parse(lastSeenDate) >= TOUCH_EVERY_MS) {
      lastSeenDate = now;
      await this.store.touch(idHash, lastSeenDate);
    }
    return activeSession(user, sessionId, lastSeenDate);
  }

  async end(sessionId: string): Promise<void> {
    await this.store.delete(hashSessionId(sessionId));
  }

  private idle(session: StoredSession, now: string): boolean {
    return Date.parse(now) - Date.parse(session.lastSeenDate) >= SESSION_IDLE_MS;
  }

  private async user(userId: string): Promise<SessionUser | null> {
    const users = await directoryCollection(this.services.readModels, 'users');
    const user = await users.findOne({ _id: userId });
    return user && { userId: user._id, email: user.email, teamId: user.teamId, permission: user.permission, workspaceIds: user.workspaceIds };
  }

  private now(): string {
    return this.services.clock.now().toISOString();
  }
}
