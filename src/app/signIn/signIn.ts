import type { SignedInUser } from '../../domain/oauth/grant.js';
import { hashPassword, verifyPassword } from '../credentials/secrets.js';
import type { Collection } from '../../ports/documentStore.js';
import { directoryCollection, type UserDoc } from '../../projections/directory/reader.js';
import type { Services } from '../shared/services.js';
import type { SignInThrottle } from './throttle.js';

export type SignInResult =
  /** `email` as stored: trimmed and lowercase. */
  | { outcome: 'signedIn'; user: SignedInUser; email: string }
  | { outcome: 'refused' }
  /** Too many recent failures for this account from this client address: the password was not even checked. */
  | { outcome: 'throttled'; secondsToWait: number };

/** Compared against when the address is unknown, so an unknown address takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

const usersCollection = (services: Services): Promise<Collection<UserDoc>> =>
  directoryCollection(services.readModels, 'users');

/**
 * Checks a geolens user's e-mail and password (scrypt) sent from the client `address`; an unknown e-mail
 * address and a wrong password look alike.
 */
export async function signIn(services: Services, throttle: SignInThrottle, input: { email: string; password: string; address: string | undefined }): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const attempt = { email, address: input.address };
  const secondsToWait = await throttle.reserveAttempt(attempt);
  if (secondsToWait > 0) return { outcome: 'throttled', secondsToWait };
  const user = await (await usersCollection(services)).findOne({ email });
  decoyHash ??= hashPassword('decoy password that matches nothing');
  const matches = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash));
  if (!user || !matches) return { outcome: 'refused' };
  await throttle.recordSuccess(attempt);
  return { outcome: 'signedIn', email, user: { userId: user._id, teamId: user.teamId, permission: user.permission, workspaceIds: user.workspaceIds } };
}
