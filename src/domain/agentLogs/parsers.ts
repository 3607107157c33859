import { parseCombinedLine, parseVhostCombinedLine } from './combined.js';
import { parseJsonLine } from './json.js';
import type { LineParser, LogFormat } from './records.js';

const PARSERS: Readonly<Record<LogFormat, LineParser>> = {
  combined: parseCombinedLine,
  vhost_combined: parseVhostCombinedLine,
  json: parseJsonLine,
};

/** The line parser of a log format. */
export const lineParser = (format: LogFormat): LineParser => PARSERS[format];
