import type { ApiKeyIssued } from '../../domain/apiKey/events.js';
import type { TeamCreated, TeamPlanChanged } from '../../domain/team/events.js';
import type { Permission, WorkspaceScope } from '../../domain/shared/access.js';
import type { Plan, PlanLimits } from '../../domain/team/plans.js';
import type { Doc } from '../../ports/documentStore.js';
import { legacySetting, type RunsPerDaySetting } from '../../domain/workspace/runsPerDay.js';

/** Read-model documents of the directory projection: who exists and who may do what. */
export interface TeamDoc extends Doc {
  name: string;
  plan: Plan;
  limits: PlanLimits;
  subscriptionEndDate: string | null;
  createdDate: string;
}

export interface WorkspaceDoc extends Doc {
  teamId: string;
  name: string;
  createdDate: string;
  /** Absent on documents of workspaces not changed since they were created. */
  updatedDate?: string;
  /** Absent on workspaces created before replicates existed: they run once a day (`workspaceRuns`). */
  runs?: RunsPerDaySetting;
}

/** A workspace's replicates setting, with what documents written before it existed read as. */
export const workspaceRuns = (workspace: Pick<WorkspaceDoc, 'runs'>): RunsPerDaySetting => workspace.runs ?? legacySetting(undefined);

/** Keyed by the key's sha-256 hash: authentication is one primary-key lookup. */
export interface ApiKeyDoc extends Doc {
  keyId: string;
  teamId: string;
  permission: Permission;
  workspaceIds: WorkspaceScope;
  keyPrefix: string;
  revoked: boolean;
  issuedDate: string;
}

export interface UserDoc extends Doc {
  teamId: string;
  email: string;
  passwordHash: string;
  permission: Permission;
  workspaceIds: WorkspaceScope;
  createdDate: string;
}

export interface TagDoc extends Doc {
  workspaceId: string;
  name: string;
  color: string;
  createdDate: string;
}

/** Active prompts only: a deleted prompt's document is removed. */
export interface PromptDoc extends Doc {
  workspaceId: string;
  teamId: string;
  text: string;
  country: string;
  tagIds: string[];
  intentVolume: number | null;
  createdDate: string;
}

export const DIRECTORY_COLLECTIONS = {
  teams: 'teams',
  workspaces: 'workspaces',
  apiKeys: 'apiKeys',
  users: 'users',
  tags: 'tags',
  prompts: 'prompts',
} as const;

/** The team document a TeamCreated makes; shared by the read model and the in-memory credentials. */
export const createdTeam = ({ teamId, ...team }: TeamCreated['data']): TeamDoc => ({ _id: teamId, ...team, subscriptionEndDate: null });

export const withPlan = (team: TeamDoc, { plan, limits, subscriptionEndDate }: TeamPlanChanged['data']): TeamDoc => ({ ...team, plan, limits, subscriptionEndDate });

/** Keyed by the key's hash: authentication is one lookup. */
export const issuedApiKey = ({ keyHash, ...key }: ApiKeyIssued['data']): ApiKeyDoc => ({ _id: keyHash, ...key, revoked: false });
