import { createVisitAggregator, type AgentVisitRow } from './aggregate.js';
import type { CompiledRanges } from '../crawlers/verify.js';
import { createVisitClassifier, type ClassificationContext } from './classify.js';
import type { IngestionSettings } from './events.js';
import { lineParser } from './parsers.js';
import type { LogFormat } from './records.js';
import { createReferralAggregator, type ReferralRecording } from './referralAggregate.js';

/** What one ingestion found: crawler visits, lines that did not parse, the visits folded into rows, and the referrals. */
export interface LogIngestionResult {
  lines: number;
  visits: number;
  skipped: number;
  rows: AgentVisitRow[];
  referrals: ReferralRecording;
}

/** Line-by-line ingestion of one log for one report; the caller feeds lines as they stream in. */
export interface LogIngestion {
  addLine(line: string): void;
  result(): LogIngestionResult;
}

export function createLogIngestion(format: LogFormat, context: ClassificationContext): LogIngestion {
  const parse = lineParser(format);
  const classify = createVisitClassifier(context);
  const aggregator = createVisitAggregator();
  const referrals = createReferralAggregator();
  const counts = { lines: 0, visits: 0, skipped: 0 };
  return {
    addLine(line) {
      counts.lines += 1;
      const record = parse(line);
      if (record === null) {
        counts.skipped += 1;
        return;
      }
      const classification = classify(record);
      if (classification.kind === 'visit') {
        counts.visits += 1;
        aggregator.add(classification.visit);
      } else if (classification.kind === 'referral') {
        referrals.add(classification.referral);
      }
    },
    result: () => ({ ...counts, rows: aggregator.rows(), referrals: referrals.recording() }),
  };
}

/** What classifies a log's lines under recorded settings, with the crawler ranges they name compiled. */
export const classificationContext = (settings: IngestionSettings, ranges: CompiledRanges): ClassificationContext => ({
  hosts: { domains: settings.domains, wildcardRoot: settings.wildcardRoot },
  defaultHost: settings.defaultHost,
  ranges,
  referrals: settings.referrals === true,
});
