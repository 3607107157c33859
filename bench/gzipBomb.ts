/**
 * A gzip bomb against the log upload (issue 19 aims at a refusal within 3 s of server CPU and a peak RSS under
 * 300 MB): 5 MB of gzip that inflate to about 5 GB of access-log lines, uploaded to a `geolens serve` process,
 * whose CPU time and peak RSS during the upload are read from outside (`/proc/<pid>/stat`, and `VmHWM` reset
 * through `clear_refs` before the upload). Beside them, floors measured in the same run: this process inflating
 * the same bomb with zlib up to the 1 GB limit (the least work a refusal after decompression can take), and the
 * server's RSS before the upload (and its peak while starting, when tsx compiles the sources).
 * Runnable alone: `node --import tsx bench/gzipBomb.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createGunzip, gzipSync } from 'node:zlib';
import { pino } from 'pino';
import { createBrandReport } from '../src/app/brandReports/edit/commands.js';
import { createApiKey } from '../src/app/credentials/credentials.js';
import { createTeam } from '../src/app/teams/teams.js';
import { createWorkspace } from '../src/app/workspaces/commands.js';
import { compose } from '../src/compose.js';
import { loadConfig } from '../src/config.js';
import { cpuSeconds, peakRssMegabytes, resetPeakRss } from './support/processStats.js';
import { startServeProcess } from './support/serve.js';

const BOMB_BYTES = 5 * 1024 * 1024;
const CONTENT_LIMIT_BYTES = 1024 * 1024 * 1024;
/** The chunks a server receives a body in. */
const RECEIVED_CHUNK_BYTES = 64 * 1024;
const LINE = '74.7.241.17 - - [10/Nov/2026:13:55:36 +0000] "GET /pricing HTTP/1.1" 200 512 "-" "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot"\n';

/** gzip members of 64 MiB of GPTBot visits each, concatenated up to `bytes` of gzip. */
function gzipBomb(bytes: number): { bomb: Buffer; inflatedBytes: number } {
  const plain = Buffer.from(LINE.repeat(Math.ceil((64 << 20) / LINE.length)));
  const member = gzipSync(plain, { level: 9 });
  const members = Math.max(1, Math.floor(bytes / member.length));
  return { bomb: Buffer.concat(Array.from({ length: members }, () => member)), inflatedBytes: members * plain.length };
}

/** The floor: zlib in this process inflating the bomb until the limit, as a refusal after decompression must. */
async function inflateToLimitCpuSeconds(bomb: Buffer): Promise<number> {
  const started = process.cpuUsage();
  let bytes = 0;
  const received = Array.from({ length: Math.ceil(bomb.length / RECEIVED_CHUNK_BYTES) }, (_, index) => bomb.subarray(index * RECEIVED_CHUNK_BYTES, (index + 1) * RECEIVED_CHUNK_BYTES));
  for await (const chunk of Readable.from(received).pipe(createGunzip({ chunkSize: 1 << 20 }))) {
    bytes += (chunk as Buffer).length;
    if (bytes > CONTENT_LIMIT_BYTES) break;
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1e6;
}

async function seed(dataDir: string): Promise<{ reportId: string; writeKey: string }> {
  const composition = await compose(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', GEOLENS_DEMO: '0' }), pino({ level: 'silent' }));
  try {
    const { context } = composition;
    const team = await createTeam(context, { name: 'Bench', plan: 'custom' });
    const workspace = await createWorkspace(context, { teamId: team.id, name: 'Main' });
    const report = await createBrandReport(context, { workspaceId: workspace.id, brand: 'Acme', brandDomain: 'acme.com' });
    const key = await createApiKey(context, { teamId: team.id, permission: 'write', workspaceIds: 'all' });
    return { reportId: report.id, writeKey: key.key };
  } finally {
    await composition.close();
  }
}

export async function benchGzipBomb(): Promise<Record<string, number>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'geolens-bench-bomb-'));
  try {
    const { reportId, writeKey } = await seed(dataDir);
    const { bomb, inflatedBytes } = gzipBomb(BOMB_BYTES);
    const serve = await startServeProcess(dataDir, {});
    try {
      const startupPeakRss = await peakRssMegabytes(serve.pid);
      await resetPeakRss(serve.pid);
      const rssBefore = await peakRssMegabytes(serve.pid);
      const cpuBefore = await cpuSeconds(serve.pid);
      const started = performance.now();
      const response = await fetch(`${serve.url}/v1/reports/brand/${reportId}/agent-analytics/logs?format=combined`, {
        method: 'POST',
        headers: { authorization: `Bearer ${writeKey}`, 'content-type': 'text/plain', 'content-encoding': 'gzip' },
        body: bomb,
      });
      await response.text();
      const seconds = (performance.now() - started) / 1000;
      if (response.status !== 413) throw new Error(`the bomb was answered ${response.status}, not 413`);
      const serverCpu = (await cpuSeconds(serve.pid)) - cpuBefore;
      const floorCpu = await inflateToLimitCpuSeconds(bomb);
      return {
        gzipBombMegabytes: bomb.length / 1e6,
        gzipBombInflatedMegabytes: inflatedBytes / 1e6,
        gzipBombRefusedStatus: response.status,
        gzipBombAnswerSeconds: seconds,
        gzipBombServerCpuSeconds: serverCpu,
        gzipBombFloorInflateToLimitCpuSeconds: floorCpu,
        gzipBombServerCpuToFloorRatio: serverCpu / floorCpu,
        gzipBombServerPeakRssMegabytes: await peakRssMegabytes(serve.pid),
        gzipBombServerRssBeforeMegabytes: rssBefore,
        gzipBombServerStartupPeakRssMegabytes: startupPeakRss,
      };
    } finally {
      await serve.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchGzipBomb();
  for (const [figure, value] of Object.entries(figures)) {
    process.stdout.write(`  ${figure.padEnd(40)} ${value.toLocaleString('en-US', { maximumFractionDigits: 2 }).padStart(16)}\n`);
  }
}
