import type { NameTotals } from '../../../projections/reportHistory/reader.js';

/** An untracked name over a window: runs naming it, its mentions, a domain written beside it ('' when none). */
export interface SuggestedName {
  name: string;
  runs: number;
  mentions: number;
  linkedDomain: string;
}

/**
 * Name rows of many days and engines as one list, names that differ only in case counted together under the
 * spelling most runs used (then the smallest, so the answer never depends on the order rows are read in).
 * Most runs first, then most mentions, then name.
 */
export function suggestedNames(rows: Iterable<NameTotals>): SuggestedName[] {
  const groups = new Map<string, { spellings: Map<string, number>; runs: number; mentions: number; linkedDomains: Set<string> }>();
  for (const row of rows) {
    const { name, runs, mentions, linkedDomain } = row;
    const key = name.toLowerCase();
    const group = groups.get(key) ?? { spellings: new Map<string, number>(), runs: 0, mentions: 0, linkedDomains: new Set<string>() };
    group.spellings.set(name, (group.spellings.get(name) ?? 0) + runs);
    group.runs += runs;
    group.mentions += mentions;
    if (linkedDomain !== '') group.linkedDomains.add(linkedDomain);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ spellings, runs, mentions, linkedDomains }) => ({
      name: [...spellings].sort(([left, leftRuns], [right, rightRuns]) => rightRuns - leftRuns || (left < right ? -1 : 1))[0]?.[0] ?? '',
      runs,
      mentions,
      linkedDomain: [...linkedDomains].sort()[0] ?? '',
    }))
    .sort((left, right) => right.runs - left.runs || right.mentions - left.mentions || (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
}
