import type { AgentList, AgentStats } from '../../api/types.js';
import { Metric } from '../../components/Metric.js';
import { StackedChart } from '../../components/StackedChart.js';
import { WhenLoaded } from '../../components/Status.js';
import { agentQuery, agentSeriesLabel, stackedData, type AgentFilters } from '../../lib/agentQuery.js';
import type { Filters } from '../../lib/filters.js';
import { formatNumber } from '../../lib/format.js';
import { useReads } from './useReads.js';

/** The agents drawn one by one; the rest of the visits stay in the totals and tables. */
const CHARTED_AGENTS = 6;

interface Series {
  label: string;
  source: string;
}

/** A stacked chart of the daily visits of one stats read per series, each series' total beside it from the same read. */
function SeriesChart({ title, series, refresh }: { title: string; series: readonly Series[]; refresh: number }) {
  const loaded = useReads<AgentStats>(
    series.map((one) => one.source),
    refresh,
  );
  return (
    <WhenLoaded loaded={loaded} label={title.toLowerCase()}>
      {(answers) => (
        <section aria-label={title}>
          <StackedChart title={title} data={stackedData(series.map(({ label, source }) => ({ label, daily: answers.get(source)?.daily ?? [] })))} />
          <ul class="series-totals">
            {series.map(({ label, source }) => (
              <li key={source} data-source={source}>
                {label}: <Metric path="totalAgentVisits" value={answers.get(source)?.totalAgentVisits ?? null} text={formatNumber(answers.get(source)?.totalAgentVisits ?? null)} /> visits
              </li>
            ))}
          </ul>
        </section>
      )}
    </WhenLoaded>
  );
}

interface Props {
  statsPath: string;
  filters: Filters;
  agentFilters: AgentFilters;
  stats: AgentStats;
  agents: AgentList;
  refresh: number;
}

/** Visits per day stacked by engine (one stats read per engine with visits) and by the busiest agents (one per agent). */
export function AgentCharts({ statsPath, filters, agentFilters, stats, agents, refresh }: Props) {
  const engines = (stats.engines ?? []).filter((engine) => engine.visits > 0);
  const byEngine = engines.map(({ engine }) => ({ label: engine, source: `${statsPath}?${agentQuery(filters, { ...agentFilters, engine })}` }));
  const names = agents.items.map((item) => item.agent);
  const byAgent = agents.items.slice(0, CHARTED_AGENTS).map(({ agent }) => ({
    label: agentSeriesLabel(agent, names),
    source: `${statsPath}?${agentQuery(filters, { ...agentFilters, agent })}`,
  }));
  return (
    <div class="columns">
      <SeriesChart title="Visits per day by engine" series={byEngine} refresh={refresh} />
      <SeriesChart title="Visits per day by agent" series={byAgent} refresh={refresh} />
    </div>
  );
}
