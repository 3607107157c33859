import type { Logger } from 'pino';
import type { ApiKeyEvent } from '../../domain/apiKey/events.js';
import type { TeamEvent } from '../../domain/team/events.js';
import type { EventStore, RecordedEvent } from '../../ports/eventStore.js';
import type { ProjectedEvent } from '../runner/projection.js';
import { createdTeam, issuedApiKey, withPlan, type ApiKeyDoc, type TeamDoc } from './documents.js';
import { KeptInMemory, type KeptInMemoryOptions } from '../runner/keptInMemory.js';

type CredentialEvent = TeamEvent | ApiKeyEvent;

const EVENT_TYPES: readonly CredentialEvent['type'][] = ['TeamCreated', 'TeamPlanChanged', 'ApiKeyIssued', 'ApiKeyRevoked'];

/**
 * Teams and API keys held in memory and kept current by the event log: what every authenticated request looks up
 * (who is calling, and the limits of their team), answered without a store read. A key revoked in any process
 * stops working as soon as this process has applied the revocation, as with any read model. Built from the log
 * at start: these events are few (one per team, plan change and key).
 */
export type CredentialsInMemoryOptions = KeptInMemoryOptions;

export class CredentialsInMemory extends KeptInMemory {
  private readonly teams = new Map<string, TeamDoc>();
  private readonly apiKeys = new Map<string, ApiKeyDoc>();
  private readonly hashByKeyId = new Map<string, string>();

  constructor(eventStore: EventStore, logger: Logger, options: CredentialsInMemoryOptions = {}) {
    super(eventStore, logger, { subject: 'Credentials', eventTypes: EVENT_TYPES, failureMessage: 'credentials subscription failed; resubscribing' }, options);
  }

  apiKey(keyHash: string): ApiKeyDoc | null {
    return this.apiKeys.get(keyHash) ?? null;
  }

  team(teamId: string): TeamDoc | null {
    return this.teams.get(teamId) ?? null;
  }

  /** The directory projection's documents, from the same events. */
  protected override apply(recorded: RecordedEvent): void {
    const event = recorded as ProjectedEvent<CredentialEvent>;
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
