import { DEFAULT_TIMEOUT_MS, type AdapterOptions } from './options.js';

/** What distinguishes one SDK-backed adapter: its default model and how its provider's client is built. */
export interface SdkAdapterDefaults<Client> {
  model: string;
  client: (options: AdapterOptions, timeoutMs: number) => Client;
}

/**
 * The constructor every SDK-backed adapter shares: our deadline, the model, and the provider's client. The
 * client's own timeout sits past the deadline (`SDK_TIMEOUT_SLACK_MS`) and it never retries: retries belong
 * to the scheduler, which knows the rate limits across all prompts.
 */
export abstract class SdkAdapter<Client> {
  readonly kind = 'api' as const;
  protected readonly client: Client;
  protected readonly model: string;
  protected readonly timeoutMs: number;

  protected constructor(options: AdapterOptions, defaults: SdkAdapterDefaults<Client>) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.model = options.model ?? defaults.model;
    this.client = defaults.client(options, this.timeoutMs);
  }
}
