import type { ApiKeyEvent } from '../../domain/apiKey/events.js';
import type { PromptEvent } from '../../domain/prompt/events.js';
import { assertNever } from '../../domain/shared/decider.js';
import type { TagEvent } from '../../domain/tag/events.js';
import type { TeamEvent } from '../../domain/team/events.js';
import type { UserEvent } from '../../domain/user/events.js';
import type { WorkspaceEvent } from '../../domain/workspace/events.js';
import { changedSetting, legacySetting } from '../../domain/workspace/runsPerDay.js';
import type { Projection, ProjectionScope } from '../runner/projection.js';
import {
  createdTeam,
  DIRECTORY_COLLECTIONS as C,
  issuedApiKey,
  withPlan,
  workspaceRuns,
  type ApiKeyDoc,
  type PromptDoc,
  type TagDoc,
  type TeamDoc,
  type UserDoc,
  type WorkspaceDoc,
} from './documents.js';

type DirectoryEvent = TeamEvent | WorkspaceEvent | ApiKeyEvent | UserEvent | TagEvent | PromptEvent;

const EVENT_TYPES: readonly DirectoryEvent['type'][] = [
  'TeamCreated',
  'TeamPlanChanged',
  'WorkspaceCreated',
  'WorkspaceRunsPerDaySet',
  'ApiKeyIssued',
  'ApiKeyRevoked',
  'UserCreated',
  'TagCreated',
  'TagDeleted',
  'PromptCreated',
  'PromptTagsReplaced',
  'PromptDeleted',
];

async function applyOne(event: DirectoryEvent, scope: ProjectionScope): Promise<void> {
  switch (event.type) {
    case 'TeamCreated': {
      const team = createdTeam(event.data);
      await scope.collection<TeamDoc>(C.teams).replaceOne({ _id: team._id }, team, { upsert: true });
      return;
    }
    case 'TeamPlanChanged': {
      const teams = scope.collection<TeamDoc>(C.teams);
      const team = await teams.findOne({ _id: event.data.teamId });
      if (team) await teams.replaceOne({ _id: team._id }, withPlan(team, event.data));
      return;
    }
    case 'WorkspaceCreated': {
      const { workspaceId, runsPerDay, ...workspace } = event.data;
      const document: WorkspaceDoc = { _id: workspaceId, ...workspace, runs: legacySetting(runsPerDay) };
      await scope.collection<WorkspaceDoc>(C.workspaces).replaceOne({ _id: workspaceId }, document, { upsert: true });
      return;
    }
    case 'WorkspaceRunsPerDaySet': {
      const workspaces = scope.collection<WorkspaceDoc>(C.workspaces);
      const workspace = await workspaces.findOne({ _id: event.data.workspaceId });
      if (!workspace) return;
      const runs = changedSetting(workspaceRuns(workspace), event.data.runsPerDay, event.data.updatedDate);
      await workspaces.updateOne({ _id: workspace._id }, { $set: { runs, updatedDate: event.data.updatedDate } });
      return;
    }
    case 'ApiKeyIssued': {
      const key = issuedApiKey(event.data);
      await scope.collection<ApiKeyDoc>(C.apiKeys).replaceOne({ _id: key._id }, key, { upsert: true });
      return;
    }
    case 'ApiKeyRevoked':
      await scope.collection<ApiKeyDoc>(C.apiKeys).updateOne({ keyId: event.data.keyId }, { $set: { revoked: true } });
      return;
    case 'UserCreated': {
      const { userId, ...user } = event.data;
      await scope.collection<UserDoc>(C.users).replaceOne({ _id: userId }, { _id: userId, ...user }, { upsert: true });
      return;
    }
    case 'TagCreated': {
      const { tagId, ...tag } = event.data;
      await scope.collection<TagDoc>(C.tags).replaceOne({ _id: tagId }, { _id: tagId, ...tag }, { upsert: true });
      return;
    }
    case 'TagDeleted':
      await scope.collection<TagDoc>(C.tags).deleteOne({ _id: event.data.tagId });
      // Prompts lose the tag with their own PromptTagsReplaced events; until then queries skip deleted tags.
      return;
    case 'PromptCreated': {
      const { promptId, ...prompt } = event.data;
      await scope.collection<PromptDoc>(C.prompts).replaceOne({ _id: promptId }, { _id: promptId, ...prompt }, { upsert: true });
      return;
    }
    case 'PromptTagsReplaced':
      await scope.collection<PromptDoc>(C.prompts).updateOne({ _id: event.data.promptId }, { $set: { tagIds: event.data.tagIds } });
      return;
    case 'PromptDeleted':
      await scope.collection<PromptDoc>(C.prompts).deleteOne({ _id: event.data.promptId });
      return;
    default:
      assertNever(event);
  }
}

/** Teams, workspaces, credentials, tags and prompts: what authentication, scoping and listings read. */
export const directoryProjection: Projection<DirectoryEvent> = {
  name: 'directory',
  version: 1,
  eventTypes: EVENT_TYPES,
  async setup(scope) {
    await scope.collection(C.workspaces).createIndex({ teamId: 1 });
    await scope.collection(C.apiKeys).createIndex({ keyId: 1 }, { unique: true });
    await scope.collection(C.users).createIndex({ email: 1 }, { unique: true });
    await scope.collection(C.tags).createIndex({ workspaceId: 1 });
    await scope.collection(C.prompts).createIndex({ workspaceId: 1, createdDate: 1 });
    await scope.collection(C.prompts).createIndex({ teamId: 1 });
  },
  async apply(events, scope) {
    for (const event of events) await applyOne(event, scope);
  },
};
