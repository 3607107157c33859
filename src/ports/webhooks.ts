/**
 * How webhook deliveries reach their targets. The adapter (src/infra/http) applies the
 * audit fetcher's address rules, so a target that resolves to a loopback or private address is refused unless
 * AUDIT_ALLOW_PRIVATE_NETWORKS=1.
 */
export interface WebhookSender {
  /** Resolves the URL's host and rejects with `FetchRefusedError` (or `FetchFailedError`) when it may not be reached. */
  checkTarget(url: string): Promise<void>;
  /**
   * POSTs `body` with `headers`, checking the address again, within one 10 s deadline for the whole attempt, redirects included. Resolves with the answer's status (any
   * status); rejects with `FetchRefusedError` or `FetchFailedError` when the request was refused or got no answer.
   */
  post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number }>;
}
