/**
 * The figures of the agent analytics endpoints, from a report's day
 * counts in a window. Every figure honours the same filters: one engine, and a literal case-insensitive
 * substring of the agent's name (no character is a wildcard).
 */
import { AGENT_CATEGORIES, AGENT_ENGINES, type AgentCategory, type AgentEngine } from '../crawlers/catalog.js';
import { daysBetween } from '../shared/days.js';
import type { AgentDayCounts, PageDayCounts } from './dayCounts.js';
import type { DayWindow } from './window.js';

export interface AgentFilter {
  engine?: AgentEngine | undefined;
  /** Part of the agent's name, compared case-insensitively and literally. */
  agent?: string | undefined;
}

/** Whether an agent passes the filter. */
export function agentMatcher(filter: AgentFilter): (agent: { agent: string; engine: AgentEngine }) => boolean {
  const needle = filter.agent?.toLowerCase();
  return ({ agent, engine }) =>
    (filter.engine === undefined || engine === filter.engine) && (needle === undefined || agent.toLowerCase().includes(needle));
}

/** One agent's visits over a window; `visits` counts all, verified and spoofed ones included. */
export interface AgentTotal {
  agent: string;
  engine: AgentEngine;
  category: AgentCategory;
  visits: number;
  verifiedVisits: number;
  spoofedVisits: number;
}

const codeUnitOrder = (left: string, right: string): number => (left < right ? -1 : left > right ? 1 : 0);

/** Names as people sort them (`bingbot` beside `Bytespider`, not after every capital), stable across runtimes. */
const byName = (left: string, right: string): number => codeUnitOrder(left.toLowerCase(), right.toLowerCase()) || codeUnitOrder(left, right);

/** The agents that pass the filter, busiest first (then by name). */
export function agentTotals(days: readonly AgentDayCounts[], filter: AgentFilter): AgentTotal[] {
  const matches = agentMatcher(filter);
  const totals = new Map<string, AgentTotal>();
  for (const { agents } of days) {
    for (const count of agents) {
      if (!matches(count)) continue;
      const total = totals.get(count.agent) ?? { ...count, visits: 0, verifiedVisits: 0, spoofedVisits: 0 };
      total.visits += count.visits;
      total.verifiedVisits += count.verifiedVisits;
      total.spoofedVisits += count.spoofedVisits;
      totals.set(count.agent, total);
    }
  }
  return [...totals.values()].sort((left, right) => right.visits - left.visits || byName(left.agent, right.agent));
}

/** One page's visits over a window by the agents that pass the filter; `agents` counts the distinct ones. */
export interface PageTotal {
  path: string;
  visits: number;
  agents: number;
}

/** The pages visited by agents that pass the filter, busiest first (then by path). */
export function pageTotals(pages: readonly PageDayCounts[], filter: AgentFilter): PageTotal[] {
  const matches = agentMatcher(filter);
  const totals = new Map<string, { visits: number; agents: Set<string> }>();
  for (const { path, agents } of pages) {
    for (const count of agents) {
      if (!matches(count)) continue;
      const total = totals.get(path) ?? { visits: 0, agents: new Set<string>() };
      total.visits += count.visits;
      total.agents.add(count.agent);
      totals.set(path, total);
    }
  }
  return [...totals]
    .map(([path, { visits, agents }]) => ({ path, visits, agents: agents.size }))
    .sort((left, right) => right.visits - left.visits || codeUnitOrder(left.path, right.path));
}

/** `/stats` lists this many pages. */
export const TOP_PAGES = 20;

export interface AgentStats {
  totalAgentVisits: number;
  pagesVisited: number;
  topEngine: AgentEngine | null;
  engines: Array<{ engine: AgentEngine; visits: number }>;
  daily: Array<{ date: string; visits: number }>;
  categories: Array<{ category: AgentCategory; visits: number }>;
  topPages: Array<{ path: string; visits: number }>;
}

/** Every value with its visits (zeros included), most visits first, then in the order of `values`. */
function ranked<Value extends string>(values: readonly Value[], visitsOf: ReadonlyMap<Value, number>): Array<{ value: Value; visits: number }> {
  return values
    .map((value, order) => ({ value, visits: visitsOf.get(value) ?? 0, order }))
    .sort((left, right) => right.visits - left.visits || left.order - right.order)
    .map(({ value, visits }) => ({ value, visits }));
}

const addTo = <Key>(totals: Map<Key, number>, key: Key, visits: number): void => {
  totals.set(key, (totals.get(key) ?? 0) + visits);
};

/**
 * `/stats` over a window: totals, every engine and category (zeros included, busiest first), every day of
 * the window, and the busiest pages. `topEngine` is null when nothing was visited.
 */
export function agentStats(window: DayWindow, days: readonly AgentDayCounts[], pages: readonly PageDayCounts[], filter: AgentFilter): AgentStats {
  const matches = agentMatcher(filter);
  const byEngine = new Map<AgentEngine, number>();
  const byCategory = new Map<AgentCategory, number>();
  const byDay = new Map<string, number>();
  for (const { day, agents } of days) {
    for (const count of agents.filter(matches)) {
      addTo(byEngine, count.engine, count.visits);
      addTo(byCategory, count.category, count.visits);
      addTo(byDay, day, count.visits);
    }
  }
  const engines = ranked(AGENT_ENGINES, byEngine).map(({ value, visits }) => ({ engine: value, visits }));
  const pagesVisited = pageTotals(pages, filter);
  const totalAgentVisits = engines.reduce((total, { visits }) => total + visits, 0);
  return {
    totalAgentVisits,
    pagesVisited: pagesVisited.length,
    topEngine: totalAgentVisits > 0 ? (engines[0]?.engine ?? null) : null,
    engines,
    daily: daysBetween(window.startDate, window.endDate).map((date) => ({ date, visits: byDay.get(date) ?? 0 })),
    categories: ranked(AGENT_CATEGORIES, byCategory).map(({ value, visits }) => ({ category: value, visits })),
    topPages: pagesVisited.slice(0, TOP_PAGES).map(({ path, visits }) => ({ path, visits })),
  };
}
