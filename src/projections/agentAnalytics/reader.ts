import type { Collection } from '../../ports/documentStore.js';
import type { ReadModels } from '../runner/readModels.js';
import { AGENT_ANALYTICS_COLLECTIONS, type AgentDayDoc, type ConnectorDoc, type PageDayDoc } from './documents.js';
import { agentAnalyticsProjection } from './projection.js';

export { agentDayCounts, pageDayCounts, type AgentDayDoc, type ConnectorDoc, type PageDayDoc } from './documents.js';

type AgentAnalyticsCollections = { connectors: ConnectorDoc; agentDays: AgentDayDoc; pageDays: PageDayDoc };

/** What the application reads of agent analytics: a collection of the live version, by name. */
export function agentAnalyticsCollection<Name extends keyof AgentAnalyticsCollections>(
  readModels: ReadModels,
  name: Name,
): Promise<Collection<AgentAnalyticsCollections[Name]>> {
  return readModels.collection<AgentAnalyticsCollections[Name]>(agentAnalyticsProjection, AGENT_ANALYTICS_COLLECTIONS[name]);
}
