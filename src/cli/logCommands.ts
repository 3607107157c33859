import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { readFileSync, statSync } from 'node:fs';
import type { AgentLogSource } from '../app/agentAnalytics/logSource.js';
import {
  disconnectAgentLogsOperation,
  ingestAgentLogFileOperation,
  replaceCrawlerRangesOperation,
} from '../app/agentAnalytics/operations.js';
import { ingestLog, type LogReadProgress } from '../infra/logs/index.js';
import { topCommand } from './commandIndex.js';
import { bindOperation, type ActionRunner } from './bindOperation.js';
import { CliInputError } from './output.js';

/** Smaller files are read before a bar would have drawn twice. */
const PROGRESS_MIN_BYTES = 8 * 1024 * 1024;

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Megabytes read of the file, on stderr, while a log is read. */
class LogProgressBar {
  private readonly bar = new SingleBar({
    format: 'logs {bar} {percentage}% | {value}/{total} MB | {eta_formatted} left',
    hideCursor: true,
  });

  private readonly totalMegabytes: number;

  constructor(private readonly totalBytes: number) {
    this.totalMegabytes = Math.ceil(totalBytes / 1e6);
    this.bar.start(this.totalMegabytes, 0);
  }

  update({ bytesRead }: LogReadProgress): void {
    this.bar.update(bytesRead >= this.totalBytes ? this.totalMegabytes : Math.floor(bytesRead / 1e6));
  }

  stop(): void {
    this.bar.stop();
  }
}

/** `--file`: a log file, plain or gzip; a large one shows a progress bar when stderr is a terminal. */
function logFile(value: unknown): AgentLogSource {
  const path = String(value);
  let size: number;
  try {
    const stats = statSync(path);
    if (!stats.isFile()) throw new Error(`${path} is not a file`);
    size = stats.size;
  } catch (error) {
    throw new CliInputError('--file', errorMessage(error));
  }
  return {
    async classify(format, context) {
      const bar = process.stderr.isTTY && size >= PROGRESS_MIN_BYTES ? new LogProgressBar(size) : null;
      try {
        return await ingestLog(path, { format, ...context, ...(bar ? { onProgress: (progress: LogReadProgress) => bar.update(progress) } : {}) });
      } finally {
        bar?.stop();
      }
    },
  };
}

/** `--file` of `crawlers ranges`: a JSON file, parsed here and validated by the operation. */
function jsonFile(value: unknown): unknown {
  try {
    return JSON.parse(readFileSync(String(value), 'utf8'));
  } catch (error) {
    throw new CliInputError('--file', errorMessage(error));
  }
}

/** `logs ingest`, `logs disconnect` and `crawlers ranges`. */
export function registerLogCommands(program: Command, run: ActionRunner): void {
  const logs = topCommand(program, 'logs');
  bindOperation(
    logs,
    'ingest',
    ingestAgentLogFileOperation,
    {
      flags: { reportId: '--report', content: '--file' },
      parse: { content: logFile },
      help: { content: 'access log file, plain or gzip' },
    },
    run,
  );
  bindOperation(logs, 'disconnect', disconnectAgentLogsOperation, { flags: { reportId: '--report' } }, run);
  const crawlers = topCommand(program, 'crawlers');
  bindOperation(
    crawlers,
    'ranges',
    replaceCrawlerRangesOperation,
    {
      flags: { ranges: '--file' },
      parse: { ranges: jsonFile },
      help: { ranges: 'JSON file {"<agent name>": ["<IPv4 or IPv6 CIDR>", ...]}' },
    },
    run,
  );
}
