import type { Logger } from 'pino';
import type { ApiKeyEvent } from '../../domain/apiKey/events.js';
import type { TeamEvent } from '../../domain/team/events.js';
import { START, type EventStore, type Position, type Subscription } from '../../ports/eventStore.js';
import type { ProjectedEvent } from '../runner/projection.js';
import { createdTeam, issuedApiKey, withPlan, type ApiKeyDoc, type TeamDoc } from './documents.js';

type CredentialEvent = TeamEvent | ApiKeyEvent;

const EVENT_TYPES: readonly CredentialEvent['type'][] = ['TeamCreated', 'TeamPlanChanged', 'ApiKeyIssued', 'ApiKeyRevoked'];

/**
 * Teams and API keys held in memory and kept current by the event log: what every authenticated request looks up
 * (who is calling, and the limits of their team), answered without a store read. A key revoked in any process
 * stops working as soon as this process has applied the revocation, as with any read model. Built from the log
 * at start: these events are few (one per team, plan change and key).
 */
export class CredentialsInMemory {
  private readonly teams = new Map<string, TeamDoc>();
  private readonly apiKeys = new Map<string, ApiKeyDoc>();
  private readonly hashByKeyId = new Map<string, string>();
  private subscription: Subscription | null = null;
  private reached: Position = START;
  private waiters: Array<{ position: Position; resolve: () => void }> = [];

  constructor(
    private readonly eventStore: EventStore,
    private readonly logger: Logger,
  ) {}

  /** Resolves once the events that existed at start are applied. */
  async start(): Promise<void> {
    const head = await this.eventStore.headPosition();
    this.subscription = this.eventStore.subscribe({ from: START, filter: { eventTypes: EVENT_TYPES } }, async (events, scannedTo) => {
      for (const event of events) this.apply(event as ProjectedEvent<CredentialEvent>);
      this.advance(scannedTo);
    });
    this.subscription.done.catch((error: unknown) => this.logger.error({ err: error }, 'credentials in memory stopped'));
    await this.waitFor(head);
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
  }

  apiKey(keyHash: string): ApiKeyDoc | null {
    return this.apiKeys.get(keyHash) ?? null;
  }

  team(teamId: string): TeamDoc | null {
    return this.teams.get(teamId) ?? null;
  }

  waitFor(position: Position): Promise<void> {
    if (this.reached >= position) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ position, resolve }));
  }

  private advance(position: Position): void {
    if (position > this.reached) this.reached = position;
    const ready = this.waiters.filter((waiter) => waiter.position <= this.reached);
    this.waiters = this.waiters.filter((waiter) => waiter.position > this.reached);
    for (const waiter of ready) waiter.resolve();
  }

  /** The directory projection's documents, from the same events. */
  private apply(event: ProjectedEvent<CredentialEvent>): void {
    switch (event.type) {
      case 'TeamCreated': {
        const team = createdTeam(event.data);
        this.teams.set(team._id, team);
        return;
      }
      case 'TeamPlanChanged': {
        const team = this.teams.get(event.data.teamId);
        if (team) this.teams.set(team._id, withPlan(team, event.data));
        return;
      }
      case 'ApiKeyIssued': {
        const key = issuedApiKey(event.data);
        this.apiKeys.set(key._id, key);
        this.hashByKeyId.set(key.keyId, key._id);
        return;
      }
      case 'ApiKeyRevoked': {
        const keyHash = this.hashByKeyId.get(event.data.keyId);
        const key = keyHash === undefined ? undefined : this.apiKeys.get(keyHash);
        if (key) this.apiKeys.set(key._id, { ...key, revoked: true });
        return;
      }
    }
  }
}
