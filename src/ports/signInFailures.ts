/**
 * Failed sign-ins counted per throttle key (an account and a client address), shared by every process on one
 * data dir so that a cluster throttles as one server.
 */
export interface SignInFailureCount {
  count: number;
  lastFailureDate: string;
}

export interface SignInFailures {
  read(key: string): Promise<SignInFailureCount | null>;
  /**
   * Counts one more failure at `at`, atomically across processes, unless `mayTry` refuses the count as it stands
   * (failures last recorded at or before `forgetBefore` count as none). An attempt is counted before its password
   * is checked, so concurrent guesses see each other. Null when counted; the refused count otherwise.
   */
  reserve(key: string, at: string, forgetBefore: string, mayTry: (current: SignInFailureCount | null) => boolean): Promise<SignInFailureCount | null>;
  clear(key: string): Promise<void>;
  /** Deletes the counts whose last failure was at or before `cutoff`. */
  deleteOlderThan(cutoff: string): Promise<void>;
}
