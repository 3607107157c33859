/**
 * The operators' published IP ranges: a dated snapshot shipped as data (`ipRanges.json`, beside this file),
 * never fetched at run time, and replaceable per agent by a file an operator of geolens provides
 * (`geolens crawlers ranges --file F`).
 */
import ipaddr from 'ipaddr.js';
import { createRequire } from 'node:module';
import { z } from 'zod';
import { ValidationError, type ValidationIssue } from '../shared/errors.js';
import { findCrawler } from './catalog.js';

/** One agent's published ranges and where they come from. */
export interface AgentRanges {
  cidrs: readonly string[];
  /** The operator's URL for the list, or where an override came from. */
  source: string;
  /** The creation time the operator's file carried, when known. */
  published: string | null;
}

/** Published ranges by catalog agent name; an agent absent from the table publishes none. */
export type RangeTable = ReadonlyMap<string, AgentRanges>;

const cidrSchema = z.string().refine((cidr) => ipaddr.isValidCIDR(cidr), { message: 'not an IPv4 or IPv6 CIDR' });

const snapshotSchema = z.object({
  about: z.string(),
  snapshotDate: z.iso.date(),
  notes: z.array(z.string()),
  lists: z.array(
    z.strictObject({
      agents: z.array(z.string()).min(1),
      source: z.url(),
      published: z.string().nullable(),
      readFrom: z.string().min(1),
      cidrs: z.array(cidrSchema).min(1),
    }),
  ),
});

const require = createRequire(import.meta.url);

function loadSnapshot(): { snapshotDate: string; table: RangeTable } {
  const parsed = snapshotSchema.safeParse(require('./ipRanges.json'));
  if (!parsed.success) throw new Error(`crawlers/ipRanges.json: ${z.prettifyError(parsed.error)}`);
  const table = new Map<string, AgentRanges>();
  for (const list of parsed.data.lists) {
    for (const agent of list.agents) {
      const crawler = findCrawler(agent);
      if (crawler === null) throw new Error(`crawlers/ipRanges.json: "${agent}" is not in the crawler catalog`);
      table.set(crawler.name, { cidrs: list.cidrs, source: list.source, published: list.published });
    }
  }
  return { snapshotDate: parsed.data.snapshotDate, table };
}

const snapshot = loadSnapshot();

/** The day the shipped snapshot was assembled (YYYY-MM-DD). */
export const RANGE_SNAPSHOT_DATE: string = snapshot.snapshotDate;

/** The shipped snapshot. */
export const SNAPSHOT_RANGES: RangeTable = snapshot.table;

/** A replacement file's content once validated: catalog agent name to its CIDRs. */
export type RangeOverrides = ReadonlyMap<string, readonly string[]>;

/**
 * The JSON of a ranges file (`{"<agent name>": ["<CIDR>", ...]}`): every name must be a catalogued agent
 * (compared case-insensitively; the output keeps the catalog's spelling) and every entry an IPv4 or IPv6 CIDR.
 * Each issue names the bad agent (`NotABot`) or entry (`GPTBot.0`).
 */
export const rangeOverridesSchema = z
  .record(z.string(), z.array(cidrSchema))
  .superRefine((ranges, context) => {
    for (const name of Object.keys(ranges)) {
      if (findCrawler(name) === null) context.addIssue({ code: 'custom', path: [name], message: `"${name}" is not an agent of the crawler catalog` });
    }
  })
  .transform((ranges): Record<string, string[]> =>
    Object.fromEntries(Object.entries(ranges).map(([name, cidrs]) => [findCrawler(name)?.name ?? name, cidrs])),
  );

/** Validates a ranges file's JSON with `rangeOverridesSchema`; throws a ValidationError naming each culprit. */
export function parseRangeOverrides(json: unknown): RangeOverrides {
  const parsed = rangeOverridesSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message, code: issue.code }));
    throw new ValidationError(`invalid ranges file: ${describe(issues[0])}`, issues, 'command');
  }
  return new Map(Object.entries(parsed.data));
}

const describe = (issue: ValidationIssue | undefined): string =>
  issue === undefined ? 'not an object' : issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`;

/** The table with the named agents' ranges replaced; the others keep the table's. */
export function mergeRangeOverrides(table: RangeTable, overrides: RangeOverrides, source: string): RangeTable {
  const merged = new Map(table);
  for (const [agent, cidrs] of overrides) merged.set(agent, { cidrs, source, published: null });
  return merged;
}

/** What `geolens crawlers ranges --json` prints: agents replaced and the ranges they now have. */
export const overrideCounts = (overrides: RangeOverrides): { agents: number; ranges: number } => ({
  agents: overrides.size,
  ranges: [...overrides.values()].reduce((total, cidrs) => total + cidrs.length, 0),
});
