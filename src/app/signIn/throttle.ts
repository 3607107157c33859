import ipaddr from 'ipaddr.js';
import { SIGN_IN_MEMORY_MS, signInWaitSeconds } from '../../domain/user/signInDelay.js';
import type { SignInFailures } from '../../ports/signInFailures.js';
import type { Clock } from '../../background/clock.js';

/** Who tries to sign in: the account (its e-mail as stored) and the client address the attempt came from. */
export interface SignInAttempt {
  email: string;
  /** The connection's peer address (undefined once the socket closed). */
  address: string | undefined;
}

/**
 * The address part of a throttle key: an IPv4 address (also when mapped into IPv6), or an IPv6 address's /64
 * network, since one client commonly holds a whole /64.
 */
export function clientNetwork(address: string | undefined): string {
  if (address === undefined || !ipaddr.isValid(address)) return address ?? 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}

const throttleKey = ({ email, address }: SignInAttempt): string => `${email}|${clientNetwork(address)}`;

/**
 * Slows down password guessing for one account from one client address: wrong
 * passwords from one address never keep the right password from another address out. The counts live in a
 * store every process of the data dir shares, on the service's clock (so tests move it instead of waiting).
 * The OAuth consent page and the dashboard's sign-in use one throttle.
 */
export class SignInThrottle {
  constructor(
    private readonly failures: SignInFailures,
    private readonly clock: Clock,
  ) {}

  /** Seconds before this account may try again from this address; 0 when it may try now. */
  async secondsToWait(attempt: SignInAttempt): Promise<number> {
    const failures = await this.failures.read(throttleKey(attempt));
    const recorded = failures && { count: failures.count, lastFailureMs: Date.parse(failures.lastFailureDate) };
    return signInWaitSeconds(recorded, this.clock.now().getTime());
  }

  async recordFailure(attempt: SignInAttempt): Promise<void> {
    const forgetBefore = this.isoAgo(SIGN_IN_MEMORY_MS);
    await this.failures.record(throttleKey(attempt), this.isoAgo(0), forgetBefore);
    await this.failures.deleteOlderThan(forgetBefore);
  }

  async recordSuccess(attempt: SignInAttempt): Promise<void> {
    await this.failures.clear(throttleKey(attempt));
  }

  private isoAgo(ms: number): string {
    return new Date(this.clock.now().getTime() - ms).toISOString();
  }
}
