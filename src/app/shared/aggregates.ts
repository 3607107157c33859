import { foldEvents, type Decider, type DomainEvent } from '../../domain/shared/decider.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import type { ActiveTeam } from '../../domain/team/events.js';
import { teamDecider } from '../../domain/team/decide.js';
import { teamStream } from '../../domain/team/events.js';
import { workspaceDecider } from '../../domain/workspace/decide.js';
import { workspaceStream } from '../../domain/workspace/events.js';
import type { EventStore } from '../../ports/eventStore.js';

/** Current state of one aggregate, folded from its stream. */
export async function loadState<State, Event extends DomainEvent>(
  eventStore: EventStore,
  streamName: string,
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
): Promise<State> {
  const recorded = await eventStore.readStream(streamName);
  return foldEvents(decider, recorded.map((event) => ({ type: event.type, data: event.data }) as Event));
}

export async function requireTeam(eventStore: EventStore, teamId: string): Promise<ActiveTeam> {
  const team = await loadState(eventStore, teamStream(teamId), teamDecider);
  if (team.status !== 'active') throw new NotFoundError(`Team ${teamId} not found`, 'teamId');
  return team;
}

export interface WorkspaceRef {
  workspaceId: string;
  teamId: string;
  name: string;
}

export async function requireWorkspace(eventStore: EventStore, workspaceId: string): Promise<WorkspaceRef> {
  const workspace = await loadState(eventStore, workspaceStream(workspaceId), workspaceDecider);
  if (workspace.status !== 'active') throw new NotFoundError(`Workspace ${workspaceId} not found`, 'workspaceId');
  return workspace;
}

/**
 * Which of `workspaceIds` belong to `teamId`. The deciders refuse the others; looking up only the ids a
 * command names keeps this independent of any read model (the CLI works while the server is down).
 */
export async function workspacesOfTeam(
  eventStore: EventStore,
  teamId: string,
  workspaceIds: readonly string[],
): Promise<Set<string>> {
  const owned = new Set<string>();
  for (const workspaceId of new Set(workspaceIds)) {
    const workspace = await loadState(eventStore, workspaceStream(workspaceId), workspaceDecider);
    if (workspace.status === 'active' && workspace.teamId === teamId) owned.add(workspaceId);
  }
  return owned;
}
