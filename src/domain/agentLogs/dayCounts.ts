import { findCrawler, type AgentCategory, type AgentEngine } from '../crawlers/catalog.js';
import type { AgentVisitRow } from './aggregate.js';

/** One agent's visits to a report on one day. */
export interface AgentCount {
  agent: string;
  engine: AgentEngine;
  category: AgentCategory;
  visits: number;
  verifiedVisits: number;
  spoofedVisits: number;
}

/** A report's agents on one day: what the agents list and the engine, category and daily figures read. */
export interface AgentDayCounts {
  day: string;
  /** Ordered by agent name. */
  agents: AgentCount[];
}

/** One agent's visits to one page of a report on one day. */
export interface PageAgentCount {
  agent: string;
  engine: AgentEngine;
  visits: number;
}

/** A report's page on one day, with the agents that visited it: what the pages list reads. */
export interface PageDayCounts {
  day: string;
  path: string;
  /** Ordered by agent name. */
  agents: PageAgentCount[];
}

/** An agent's engine and category from the catalog; one it no longer lists keeps its visits, counted as `other`. */
export function describeAgent(agent: string): { engine: AgentEngine; category: AgentCategory } {
  const crawler = findCrawler(agent);
  return crawler === null ? { engine: 'other', category: 'other' } : { engine: crawler.engine, category: crawler.category };
}

const byAgent = (left: { agent: string }, right: { agent: string }): number => (left.agent < right.agent ? -1 : left.agent > right.agent ? 1 : 0);

/** Adds rows to the day documents they fall in (`days`, by day), creating missing ones; returns the days touched. */
export function addRowsToAgentDays(days: Map<string, AgentDayCounts>, rows: readonly AgentVisitRow[]): Set<string> {
  const touched = new Set<string>();
  for (const row of rows) {
    const dayCounts = days.get(row.day) ?? { day: row.day, agents: [] };
    let count = dayCounts.agents.find(({ agent }) => agent === row.agent);
    if (count === undefined) {
      count = { agent: row.agent, ...describeAgent(row.agent), visits: 0, verifiedVisits: 0, spoofedVisits: 0 };
      dayCounts.agents.push(count);
      dayCounts.agents.sort(byAgent);
    }
    count.visits += row.visits;
    count.verifiedVisits += row.verifiedVisits;
    count.spoofedVisits += row.spoofedVisits;
    days.set(row.day, dayCounts);
    touched.add(row.day);
  }
  return touched;
}

/** The key of a page day among others of the same report. */
export const pageDayKey = (day: string, path: string): string => `${day}|${path}`;

/** Adds rows to the page documents they fall in (`pages`, by `pageDayKey`); returns the keys touched. */
export function addRowsToPageDays(pages: Map<string, PageDayCounts>, rows: readonly AgentVisitRow[]): Set<string> {
  const touched = new Set<string>();
  for (const row of rows) {
    const key = pageDayKey(row.day, row.path);
    const pageCounts = pages.get(key) ?? { day: row.day, path: row.path, agents: [] };
    let count = pageCounts.agents.find(({ agent }) => agent === row.agent);
    if (count === undefined) {
      count = { agent: row.agent, engine: describeAgent(row.agent).engine, visits: 0 };
      pageCounts.agents.push(count);
      pageCounts.agents.sort(byAgent);
    }
    count.visits += row.visits;
    pages.set(key, pageCounts);
    touched.add(key);
  }
  return touched;
}
