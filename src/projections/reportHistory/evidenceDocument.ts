import { randomUUID } from 'node:crypto';
import { addDays } from '../../domain/shared/days.js';
import { isEvidenceRun, isGapRun, recommendationWindowStart, type DomainCategory, type EvidenceCitation, type EvidenceRun, type PromptEvidenceTotals, type RunEvidence } from '../../domain/analysis/index.js';
import type { Doc } from '../../ports/documentStore.js';
import { dayDocId, type VersionRef } from './dayDocument.js';
import type { RunContribution } from './runContribution.js';

/**
 * The evidence read model (issue 24): what recommendations quote, kept per report version, prompt, country and
 * day by the history projection, so that a recommendation reads a month of these documents instead of reading
 * and measuring a month of answers. A document holds every run's part of its prompt's totals per engine, and
 * the runs a recommendation may quote (`isEvidenceRun`) with their measures; the others are not kept.
 * This is the only code that knows the rows' columns.
 */

/**
 * Recommendations read the last 30 days only, so only those days are kept (and two more, so that the clocks of
 * two processes a little apart never cut a day the window reads): a replay writes a month of evidence, not a
 * year, and the rebuilder deletes older documents once a day.
 */
const MARGIN_DAYS = 2;

/** The first day whose runs the evidence read model keeps at `now`. */
export const evidenceFrom = (now: Date): string => addDays(recommendationWindowStart(now), -MARGIN_DAYS);

/** Documents of days before this one are deleted at `now`: no process writes them any more, no query reads them. */
export const evidencePrunedBefore = (now: Date): string => addDays(evidenceFrom(now), -MARGIN_DAYS);

/** A cited URL of kept runs: url, domain, title, category, owner (the tracked brand's index, -1 for none). */
type EvidenceCitationRow = [string, string, string, DomainCategory, number];

/**
 * A kept run: id, engine, date, mentions per brand, its cited URLs that a recommendation reads (indexes into
 * the document's `citations`), negative sentences quoted, brand sentences [positive, neutral, negative].
 */
type EvidenceRunRow = [string, string, string, number[], number[], string[], [number, number, number]];

/** One engine's runs of the day: engine, runs, brand sentences positive, neutral, negative, runs citing the brand's site. */
type EvidenceEngineRow = [string, number, number, number, number, number];

export interface EvidenceDoc extends Doc {
  reportId: string;
  version: number;
  promptId: string;
  country: string;
  day: string;
  engines: EvidenceEngineRow[];
  /** The cited URLs of the kept runs, each URL and title once: the engines of a prompt's day cite the same pages. */
  citations: EvidenceCitationRow[];
  runs: EvidenceRunRow[];
}

const citationKey = ([url, , title]: EvidenceCitationRow): string => `${url}\u0000${title}`;

/** The index of `row` in the document's cited URLs, added when missing; `index` maps the present ones' keys. */
function citationIndex(doc: EvidenceDoc, index: Map<string, number>, row: EvidenceCitationRow): number {
  const key = citationKey(row);
  let at = index.get(key);
  if (at === undefined) {
    at = doc.citations.push(row) - 1;
    index.set(key, at);
  }
  return at;
}

const indexOf = (doc: EvidenceDoc): Map<string, number> => new Map(doc.citations.map((row, at) => [citationKey(row), at]));

/**
 * What recommendations read of a kept run's citations: a run naming competitors and not the brand, every page
 * but the brand's own (partnerships, and competitors' sites); any other run, competitors' sites only.
 */
const quotedCitations = (evidence: RunEvidence): EvidenceCitation[] =>
  evidence.citations.filter(({ owner }) => (isGapRun(evidence) ? owner !== 0 : owner !== null && owner > 0));

function engineRowOf(into: EvidenceDoc, engine: string): EvidenceEngineRow {
  let row = into.engines.find(([candidate]) => candidate === engine);
  if (!row) {
    row = [engine, 0, 0, 0, 0, 0];
    into.engines.push(row);
  }
  return row;
}

function addEngineRow(into: EvidenceEngineRow, [, runs, positive, neutral, negative, brandCitingRuns]: EvidenceEngineRow): void {
  into[1] += runs;
  into[2] += positive;
  into[3] += neutral;
  into[4] += negative;
  into[5] += brandCitingRuns;
}

/** Adds one run to its prompt's evidence of the day, in place, or to a new document when `existing` is null. */
export function addRunToEvidence(existing: EvidenceDoc | null, version: VersionRef, { run, day }: RunContribution, evidence: RunEvidence): EvidenceDoc {
  const doc: EvidenceDoc = existing ?? {
    _id: dayDocId(version.reportId, version.version, run.promptId, run.country, day),
    reportId: version.reportId,
    version: version.version,
    promptId: run.promptId,
    country: run.country,
    day,
    engines: [],
    citations: [],
    runs: [],
  };
  const { positive, neutral, negative } = evidence.sentences;
  const brandCitingRuns = evidence.citations.some(({ owner }) => owner === 0) ? 1 : 0;
  addEngineRow(engineRowOf(doc, run.engine), [run.engine, 1, positive, neutral, negative, brandCitingRuns]);
  if (isEvidenceRun(evidence)) {
    const index = indexOf(doc);
    const citations = quotedCitations(evidence).map(({ url, domain, title, category, owner }) => citationIndex(doc, index, [url, domain, title, category, owner ?? -1]));
    doc.runs.push([run.runId, run.engine, run.runDate, evidence.mentions, citations, evidence.negativeSentences, [positive, neutral, negative]]);
  }
  return doc;
}

/** Adds an evidence document of other runs into `into` (same prompt, country and day), in place. */
export function addEvidenceInto(into: EvidenceDoc, addition: EvidenceDoc): void {
  for (const row of addition.engines) addEngineRow(engineRowOf(into, row[0]), row);
  const index = indexOf(into);
  const moved = addition.citations.map((row) => citationIndex(into, index, row));
  for (const [runId, engine, runDate, mentions, citations, negativeSentences, sentences] of addition.runs) {
    into.runs.push([runId, engine, runDate, mentions, citations.map((at) => moved[at] ?? -1), negativeSentences, sentences]);
  }
}

/** A window's evidence over some engines: the kept runs oldest first (then by id), and every prompt's totals. */
export interface WindowEvidence {
  runs: EvidenceRun[];
  totals: Map<string, PromptEvidenceTotals>;
}

/**
 * One evidence document decoded: its prompt's engine rows and its kept runs as recommendations read them.
 * Held by the reader's cache across requests, so nothing that reads it may change it.
 */
export interface DecodedEvidence {
  promptId: string;
  engines: readonly EvidenceEngineRow[];
  runs: readonly EvidenceRun[];
}

/** The cited URLs at `indexes`, skipping any missing. */
function citedAt(cited: readonly EvidenceCitation[], indexes: readonly number[]): EvidenceCitation[] {
  const found: EvidenceCitation[] = [];
  for (const at of indexes) {
    const citation = cited[at];
    if (citation) found.push(citation);
  }
  return found;
}

/** A stored evidence document as recommendations read it. */
export function decodeEvidence({ promptId, engines, citations: citationRows, runs: runRows }: EvidenceDoc): DecodedEvidence {
  const cited = citationRows.map(([url, domain, title, category, owner]): EvidenceCitation => ({ url, domain, title, category, owner: owner < 0 ? null : owner }));
  const runs = runRows.map(([runId, engine, runDate, mentions, citations, negativeSentences, [positive, neutral, negative]]): EvidenceRun => ({
    runId,
    promptId,
    engine,
    runDate,
    mentions,
    citations: citedAt(cited, citations),
    negativeSentences,
    sentences: { positive, neutral, negative },
  }));
  return { promptId, engines, runs };
}

/** Adds decoded evidence of `engines` (all when undefined) to what was read of a window so far (`inDateOrder` once all are in). */
export function addDecodedEvidence({ runs, totals }: WindowEvidence, decoded: readonly DecodedEvidence[], engines: ReadonlySet<string> | undefined): void {
  for (const { promptId, engines: engineRows, runs: promptRuns } of decoded) {
    for (const [engine, count, positive, neutral, negative, brandCitingRuns] of engineRows) {
      if (engines && !engines.has(engine)) continue;
      let prompt = totals.get(promptId);
      if (!prompt) {
        prompt = { runs: 0, sentences: { positive: 0, neutral: 0, negative: 0 }, brandCitingRuns: 0 };
        totals.set(promptId, prompt);
      }
      prompt.runs += count;
      prompt.sentences.positive += positive;
      prompt.sentences.neutral += neutral;
      prompt.sentences.negative += negative;
      prompt.brandCitingRuns += brandCitingRuns;
    }
    for (const run of promptRuns) if (!engines || engines.has(run.engine)) runs.push(run);
  }
}

/** Reads evidence documents of a window, keeping the runs and totals of `engines` only (all when undefined). */
export function windowEvidence(documents: readonly EvidenceDoc[], engines: ReadonlySet<string> | undefined): WindowEvidence {
  const evidence: WindowEvidence = { runs: [], totals: new Map() };
  addDecodedEvidence(evidence, documents.map(decodeEvidence), engines);
  return inDateOrder(evidence);
}

const byDateThenId = (left: EvidenceRun, right: EvidenceRun): number =>
  left.runDate < right.runDate ? -1 : left.runDate > right.runDate ? 1 : left.runId < right.runId ? -1 : left.runId > right.runId ? 1 : 0;

/** The window's kept runs put oldest first, then by id: the order recommendations quote them in. */
export function inDateOrder(evidence: WindowEvidence): WindowEvidence {
  evidence.runs.sort(byDateThenId);
  return evidence;
}

/**
 * When the evidence of one country's day of a report version was last written: a new random revision with
 * every write of any of its documents, written after them (`evidenceRevisionsOf`). A reader that holds the
 * day's documents decoded under the revision it read before them knows they are current while it is unchanged;
 * a revision that is new, whoever wrote it, only makes it read the day again.
 */
export interface EvidenceRevisionDoc extends Doc {
  reportId: string;
  version: number;
  country: string;
  day: string;
  revision: string;
}

/** The country's day of a report version that an evidence document belongs to: what its revision is kept for. */
export type EvidenceDay = Pick<EvidenceDoc, 'reportId' | 'version' | 'country' | 'day'>;

/** A new revision for each country's day that `documents` (about to be written) belong to, once per day. */
export function evidenceRevisionsOf(documents: readonly EvidenceDay[]): EvidenceRevisionDoc[] {
  const revisions = new Map<string, EvidenceRevisionDoc>();
  for (const { reportId, version, country, day } of documents) {
    const _id = `${reportId}|${version}|${country}|${day}`;
    if (!revisions.has(_id)) revisions.set(_id, { _id, reportId, version, country, day, revision: randomUUID() });
  }
  return [...revisions.values()];
}
