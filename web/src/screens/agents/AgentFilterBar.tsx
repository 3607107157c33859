import { useState } from 'preact/hooks';
import { hrefOf, navigate } from '../../components/router.js';
import { dayCount } from '../../lib/days.js';
import { AGENT_ENGINES, type AgentFilters } from '../../lib/agentQuery.js';
import { withParameters, withWindowDays, type Filters } from '../../lib/filters.js';

const WINDOWS = [7, 30, 90];

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
  const windowOf = (days: number) => withWindowDays(filters, days).startDate;
  const days = dayCount(filters.startDate, filters.endDate);
  const submit = (event: Event) => {
    event.preventDefault();
    apply({ agent: agent.trim() || null });
  };
  return (
    <form class="filters" aria-label="Filters" onSubmit={submit}>
      <fieldset>
        <legend>Window</legend>
        {WINDOWS.map((length) => (
          <button type="button" key={length} aria-pressed={days === length} onClick={() => apply({ startDate: windowOf(length), endDate: filters.endDate })}>
            {length} days
          </button>
        ))}
        <label>
          From <input type="date" value={filters.startDate} max={filters.endDate} onChange={(event) => apply({ startDate: event.currentTarget.value, endDate: filters.endDate })} />
        </label>
        <label>
          To <input type="date" value={filters.endDate} onChange={(event) => apply({ startDate: filters.startDate, endDate: event.currentTarget.value })} />
        </label>
      </fieldset>
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
