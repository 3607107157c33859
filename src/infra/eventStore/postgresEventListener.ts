/**
 * One LISTEN connection per event store, opened with the first subscription: every append commits a NOTIFY,
 * so subscribers of any process read on within milliseconds. A lost connection is reopened; since
 * notifications sent meanwhile are gone, subscribers are woken once it is back, to read what they missed.
 */
import pg from 'pg';

export const APPENDED_CHANNEL = 'geolens_events';
const RECONNECT_DELAY_MS = 100;

export class EventListener {
  #client: pg.Client | undefined;
  #started = false;
  #stopped = false;
  #reconnectTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly onAppended: () => void,
  ) {}

  start(): void {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    void this.#connect();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#reconnectTimer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    this.#client = client;
    client.on('notification', () => this.onAppended());
    client.on('error', () => this.#reconnect(client));
    client.on('end', () => this.#reconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${APPENDED_CHANNEL}`);
      if (this.#stopped) await client.end();
      else this.onAppended();
    } catch {
      this.#reconnect(client);
    }
  }

  #reconnect(client: pg.Client): void {
    // A client replaced already (its late `end` after an `error`) or ended by stop() needs nothing more.
    if (this.#stopped || this.#client !== client) return;
    this.#client = undefined;
    client.end().catch(() => undefined);
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = undefined;
      void this.#connect();
    }, RECONNECT_DELAY_MS);
  }
}
