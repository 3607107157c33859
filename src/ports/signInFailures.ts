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
  /** Counts one more failure at `at`; failures last recorded at or before `forgetBefore` are forgotten first. */
  record(key: string, at: string, forgetBefore: string): Promise<void>;
  clear(key: string): Promise<void>;
  /** Deletes the counts whose last failure was at or before `cutoff`. */
  deleteOlderThan(cutoff: string): Promise<void>;
}
