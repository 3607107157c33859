/**
 * The load generator, run as its own process (bench/support/load.ts starts it): a benchmark's client must not
 * share the server's event loop, or each side's work would show up in the other's figures. Reads one job as
 * JSON from argv, runs autocannon, prints one JSON result on stdout.
 */
import autocannon from 'autocannon';
import type { LoadJob, LoadResult } from './load.js';

const job = JSON.parse(process.argv[2] ?? '{}') as LoadJob;
let next = 0;
const result = await autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.durationSeconds,
  method: (job.method ?? 'GET') as 'GET',
  headers: job.headers ?? {},
  ...(job.body === undefined ? {} : { body: job.body }),
  ...(job.paths ? { requests: [{ setupRequest: (request) => ({ ...request, path: job.paths?.[next++ % (job.paths?.length ?? 1)] ?? request.path }) }] } : {}),
});
const answer: LoadResult = {
  requestsPerSecond: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
  requests: result.requests.total,
};
process.stdout.write(`${JSON.stringify(answer)}\n`);
