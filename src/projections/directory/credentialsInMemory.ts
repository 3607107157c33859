import type { Logger } from 'pino';
import type { ApiKeyEvent } from '../../domain/apiKey/events.js';
import type { TeamEvent } from '../../domain/team/events.js';
import type { EventStore, Position } from '../../ports/eventStore.js';
import type { ProjectedEvent } from '../runner/projection.js';
import { createdTeam, issuedApiKey, withPlan, type ApiKeyDoc, type TeamDoc } from './documents.js';
import { SubscriptionLoop } from '../../background/subscriptionLoop.js';
import type { Clock } from '../../background/clock.js';

type CredentialEvent = TeamEvent | ApiKeyEvent;

const EVENT_TYPES: readonly CredentialEvent['type'][] = ['TeamCreated', 'TeamPlanChanged', 'ApiKeyIssued', 'ApiKeyRevoked'];

/**
 * Teams and API keys held in memory and kept current by the event log: what every authenticated request looks up
 * (who is calling, and the limits of their team), answered without a store read. A key revoked in any process
 * stops working as soon as this process has applied the revocation, as with any read model. Built from the log
 * at start: these events are few (one per team, plan change and key).
 */
export interface CredentialsInMemoryOptions {
  /** Pause before resubscribing after the subscription failed (a dropped connection to the event store). */
  retryDelayMs?: number;
  clock?: Clock;
}

export class CredentialsInMemory {
  private readonly teams = new Map<string, TeamDoc>();
  private readonly apiKeys = new Map<string, ApiKeyDoc>();
  private readonly hashByKeyId = new Map<string, string>();
  /**
   * Subscribes from what is applied; when the subscription fails (the event store's stream dropped), logs it
   * and subscribes again, or revoked keys would keep working until a restart.
   */
  private readonly loop: SubscriptionLoop;

  constructor(
    private readonly eventStore: EventStore,
    logger: Logger,
    options: CredentialsInMemoryOptions = {},
  ) {
    this.loop = new SubscriptionLoop(
      eventStore,
      {
        checkpoint: async () => this.loop.position,
        handle: async (events, scannedTo) => {
          for (const event of events) this.apply(event as ProjectedEvent<CredentialEvent>);
          this.loop.advance(scannedTo);
        },
      },
      { subject: 'Credentials', eventTypes: EVENT_TYPES, logger, failureMessage: 'credentials subscription failed; resubscribing', retryDelayMs: options.retryDelayMs, clock: options.clock },
    );
  }

  /** Resolves once the events that existed at start are applied. */
  async start(): Promise<void> {
    const head = await this.eventStore.headPosition();
    this.loop.start();
    await this.waitFor(head, 120_000);
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  apiKey(keyHash: string): ApiKeyDoc | null {
    return this.apiKeys.get(keyHash) ?? null;
  }

  team(teamId: string): TeamDoc | null {
    return this.teams.get(teamId) ?? null;
  }

  /** Resolves once every credential event up to `position` is applied; rejects after `timeoutMs`. */
  waitFor(position: Position, timeoutMs = 10_000): Promise<void> {
    return this.loop.waitFor(position, timeoutMs);
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
