export { measureContent, type ContentSize } from './contentSize.js';
export { ingestLog, type IngestLogOptions, type IngestLogResult } from './ingestLog.js';
export { MAX_LINE_CHARS, openLogLines, startsWithGzipMagic, type LogLineOptions, type LogLines, type LogReadProgress, type LogReadSummary } from './logLines.js';
