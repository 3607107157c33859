/** What every real adapter is built from; the key comes from the environment. */
export interface AdapterOptions {
  apiKey: string;
  /** Overrides the provider's endpoint; tests point it at a local server. */
  baseUrl?: string;
  model?: string;
  timeoutMs?: number;
}

/** Web-search answers routinely take 20-60 s; past two minutes the scheduler's retry is the better bet. */
export const DEFAULT_TIMEOUT_MS = 120_000;

/** SDK timeouts are set this much past our own deadline, so our deadline always fires first. */
export const SDK_TIMEOUT_SLACK_MS = 1_000;
