import ipaddr from 'ipaddr.js';
import { SIGN_IN_MEMORY_MS, signInWaitSeconds } from '../../domain/user/signInDelay.js';
import type { SignInFailureCount, SignInFailures } from '../../ports/signInFailures.js';
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

  /**
   * Counts this attempt as a failure before its password is checked, atomically in the shared store, so that
   * concurrent guesses (from any process) count each other: seconds to wait when the attempt must not go ahead
   * (and is not counted), 0 when it may.
   */
  async reserveAttempt(attempt: SignInAttempt): Promise<number> {
    const nowMs = this.clock.now().getTime();
    const waitOf = (failures: SignInFailureCount | null): number =>
      signInWaitSeconds(failures && { count: failures.count, lastFailureMs: Date.parse(failures.lastFailureDate) }, nowMs);
    const forgetBefore = this.isoAgo(SIGN_IN_MEMORY_MS);
    const refused = await this.failures.reserve(throttleKey(attempt), this.isoAgo(0), forgetBefore, (current) => waitOf(current) === 0);
    if (refused) return waitOf(refused);
    await this.failures.deleteOlderThan(forgetBefore);
    return 0;
  }

  async recordSuccess(attempt: SignInAttempt): Promise<void> {
    await this.failures.clear(throttleKey(attempt));
  }

  private isoAgo(ms: number): string {
    return new Date(this.clock.now().getTime() - ms).toISOString();
  }
}
