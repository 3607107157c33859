import type { LogFormat } from '../../../src/domain/agentLogs/records.js';
import type { AgentEngine } from '../../../src/domain/crawlers/catalog.js';
import type { Filters } from './filters.js';
import type { ChartData } from './series.js';

/** The engines agent analytics knows, checked against the API's type. */
export const AGENT_ENGINES = ['chatgpt', 'claude', 'copilot', 'perplexity', 'google', 'other'] as const satisfies readonly AgentEngine[];

/** The agent screen's own filters in the URL (`engine`, `agent`, the pages table's `offset`), beside the window. */
export interface AgentFilters {
  engine: AgentEngine | null;
  agent: string;
  offset: number;
}

const isAgentEngine = (value: string | null): value is AgentEngine => (AGENT_ENGINES as readonly string[]).includes(value ?? '');

export function agentFiltersFromSearch(search: URLSearchParams): AgentFilters {
  const engine = search.get('engine');
  const offset = Number.parseInt(search.get('offset') ?? '0', 10);
  return {
    engine: isAgentEngine(engine) ? engine : null,
    agent: (search.get('agent') ?? '').trim().slice(0, 200),
    offset: Number.isFinite(offset) && offset > 0 ? offset : 0,
  };
}

/** The query of an agent analytics read: the window, then the filters that are set, then `extra`. */
export function agentQuery(filters: Filters, agentFilters: Pick<AgentFilters, 'engine' | 'agent'>, extra: Record<string, string | number> = {}): string {
  const query = new URLSearchParams({ startDate: filters.startDate, endDate: filters.endDate });
  if (agentFilters.engine) query.set('engine', agentFilters.engine);
  if (agentFilters.agent) query.set('agent', agentFilters.agent);
  for (const [name, value] of Object.entries(extra)) query.set(name, String(value));
  return query.toString();
}

/** One series of a stacked chart: its label and the `daily` visits of the stats read behind it. */
export interface DailySeries {
  label: string;
  daily: ReadonlyArray<{ date: string; visits: number }>;
}

/** Series over the days of the first one (every stats answer of a window covers the same days). */
export function stackedData(series: readonly DailySeries[]): ChartData {
  const days = series[0]?.daily.map((day) => day.date) ?? [];
  return {
    days,
    series: series.map(({ label, daily }) => {
      const byDay = new Map(daily.map((day) => [day.date, day.visits]));
      return { label, values: days.map((day) => byDay.get(day) ?? 0) };
    }),
  };
}

/**
 * The agent filter matches a substring of the name, so `Applebot` also reads `Applebot-Extended`: the label of
 * such a series names every listed agent it includes.
 */
export function agentSeriesLabel(agent: string, listed: readonly string[]): string {
  const included = listed.filter((other) => other !== agent && other.toLowerCase().includes(agent.toLowerCase()));
  return included.length === 0 ? agent : `${agent} (with ${included.join(', ')})`;
}

/** Verified, spoofed and unverifiable visits summed over the agents, with each one's share of all visits. */
export function verificationShares(items: ReadonlyArray<{ visits: number; verifiedVisits: number; spoofedVisits: number }>) {
  const sum = (pick: (item: (typeof items)[number]) => number) => items.reduce((total, item) => total + pick(item), 0);
  const visits = sum((item) => item.visits);
  const verified = sum((item) => item.verifiedVisits);
  const spoofed = sum((item) => item.spoofedVisits);
  const share = (count: number) => (visits === 0 ? null : count / visits);
  return [
    { name: 'verified', visits: verified, share: share(verified) },
    { name: 'spoofed', visits: spoofed, share: share(spoofed) },
    { name: 'unverifiable', visits: visits - verified - spoofed, share: share(visits - verified - spoofed) },
  ] as const;
}

/** The shown series summed from the bottom up, each day: what a stacked area draws as its upper edge. */
export function stackValues(data: ChartData, hidden: ReadonlySet<number>): number[][] {
  const totals = data.days.map(() => 0);
  return data.series.map((series, index) =>
    series.values.map((value, day) => {
      if (!hidden.has(index)) totals[day] = (totals[day] ?? 0) + (value ?? 0);
      return totals[day] ?? 0;
    }),
  );
}

/** json logs by their name (`.json`, `.ndjson`, gzip or not); everything else as combined until the user says otherwise. */
export const formatOfFile = (name: string): LogFormat => (/\.(nd)?json(\.gz)?$/i.test(name) ? 'json' : 'combined');
