import { useState } from 'preact/hooks';
import { hrefOf, navigate } from '../../components/router.js';
import { AGENT_ENGINES, type AgentFilters } from '../../lib/agentQuery.js';
import { withParameters, type Filters } from '../../lib/filters.js';
import { WindowChoice } from './WindowChoice.js';

interface Props {
  filters: Filters;
  agentFilters: AgentFilters;
  /** The URL's whole query: what a change keeps (the other screens' filters), paging restarting. */
  search: URLSearchParams;
}

/** The window, the engine and the agent's name, written to the URL so a link reproduces the view. */
export function AgentFilterBar({ filters, agentFilters, search }: Props) {
  const [agent, setAgent] = useState(agentFilters.agent);
  const apply = (change: Record<string, string | null>) => navigate(hrefOf(location.pathname, withParameters(search, { ...change, offset: null })));
  const submit = (event: Event) => {
    event.preventDefault();
    apply({ agent: agent.trim() || null });
  };
  return (
    <form class="filters" aria-label="Filters" onSubmit={submit}>
      <WindowChoice filters={filters} apply={apply} />
      <label>
        Engine{' '}
        <select id="agent-engine" value={agentFilters.engine ?? ''} onChange={(event) => apply({ engine: event.currentTarget.value || null })}>
          <option value="">All engines</option>
          {AGENT_ENGINES.map((engine) => (
            <option key={engine} value={engine}>
              {engine}
            </option>
          ))}
        </select>
      </label>
      <label>
        Agent name contains <input id="agent-name" type="search" maxLength={200} value={agent} onInput={(event) => setAgent(event.currentTarget.value)} />
      </label>
      <button type="submit">Apply</button>
    </form>
  );
}
