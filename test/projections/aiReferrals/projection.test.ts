import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { agentLogIngestionStream, type AgentLogsEvent } from '../../../src/domain/agentLogs/index.js';
import type { ReferralVisitRow, SessionSpan } from '../../../src/domain/agentLogs/referralAggregate.js';
import type { ReferralEngine } from '../../../src/domain/crawlers/referrers.js';
import { SqliteDocumentStore } from '../../../src/infra/documentStore/sqliteDocumentStore.js';
import type { DocumentStore } from '../../../src/ports/documentStore.js';
import { aiReferralsProjection } from '../../../src/projections/aiReferrals/projection.js';
import { referralReader } from '../../../src/projections/aiReferrals/reader.js';
import { ProjectionRunner } from '../../../src/projections/runner/projectionRunner.js';
import { ReadModels } from '../../../src/projections/runner/readModels.js';
import { MemoryEventStore } from '../../support/memoryEventStore.js';

let dataDir: string;
let eventStore: MemoryEventStore;
let documentStore: DocumentStore;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'geolens-ai-referrals-'));
  eventStore = new MemoryEventStore();
  documentStore = await SqliteDocumentStore.open(dataDir);
});

afterEach(async () => {
  await documentStore.close();
  await rm(dataDir, { recursive: true, force: true });
});

const at = (clock: string): number => Date.parse(`2026-11-01T${clock}Z`);
const row = (path: string, visits: number, engine: ReferralEngine = 'chatgpt'): ReferralVisitRow => ({ day: '2026-11-01', engine, path, visits });
const span = (client: string, from: string, to: string, path: string, engine: ReferralEngine = 'chatgpt'): SessionSpan => ({ client, start: at(from), end: at(to), path, engine });

const recorded = (reportId: string, sha: string, batch: number, rows: ReferralVisitRow[], sessions: SessionSpan[]): AgentLogsEvent => ({
  type: 'AiReferralsRecorded',
  data: { reportId, contentSha256: sha, batch, rows, sessions },
});

/** Projects everything appended so far, `batchSize` events per transaction. */
async function project(batchSize: number): Promise<ReadModels> {
  const runner = new ProjectionRunner(eventStore, documentStore, [aiReferralsProjection], { logger: pino({ level: 'silent' }), batchSize });
  await runner.start();
  await runner.waitFor(await eventStore.headPosition());
  await runner.stop();
  return new ReadModels(documentStore);
}

const WINDOW = { startDate: '2026-11-01', endDate: '2026-11-01' };

/** Three uploads of one day: the second continues client a's session, the third (older lines) joins two of b's. */
async function appendThreeUploads(): Promise<void> {
  await eventStore.append(agentLogIngestionStream('br_a', 'one'), [
    recorded('br_a', 'one', 0, [row('/pricing', 1), row('/features', 1, 'perplexity'), row('/blog', 1, 'perplexity')], []),
    recorded('br_a', 'one', 1, [], [span('a', '09:00:00', '09:00:00', '/pricing'), span('b', '10:00:00', '10:00:00', '/features', 'perplexity'), span('b', '11:00:00', '11:00:00', '/blog', 'perplexity')]),
  ]);
  await eventStore.append(agentLogIngestionStream('br_a', 'two'), [recorded('br_a', 'two', 0, [row('/docs', 1)], [span('a', '09:20:00', '09:20:00', '/docs')])]);
  await eventStore.append(agentLogIngestionStream('br_a', 'three'), [recorded('br_a', 'three', 0, [row('/about', 1, 'claude')], [span('b', '10:25:00', '10:40:00', '/about', 'claude')])]);
  await eventStore.append(agentLogIngestionStream('br_b', 'one'), [recorded('br_b', 'one', 0, [row('/', 4, 'gemini')], [span('a', '09:00:00', '09:00:00', '/', 'gemini')])]);
}

describe('the AI referrals projection', () => {
  test('adds visits per day, page and engine, and counts each client’s sessions as the uploads join them', async () => {
    await appendThreeUploads();
    const reader = referralReader(await project(1));
    expect(await reader.days('br_a', WINDOW)).toEqual([
      {
        day: '2026-11-01',
        engines: [
          { engine: 'chatgpt', visits: 2, sessions: 1 },
          { engine: 'claude', visits: 1, sessions: 0 },
          { engine: 'perplexity', visits: 2, sessions: 1 },
        ],
      },
    ]);
    const pages = await reader.pages('br_a', WINDOW);
    expect(new Map(pages.map(({ path, engines }) => [path, engines]))).toEqual(
      new Map([
        ['/pricing', [{ engine: 'chatgpt', visits: 1, sessions: 1 }]],
        ['/docs', [{ engine: 'chatgpt', visits: 1, sessions: 0 }]],
        ['/features', [{ engine: 'perplexity', visits: 1, sessions: 1 }]],
        ['/blog', [{ engine: 'perplexity', visits: 1, sessions: 0 }]],
        ['/about', [{ engine: 'claude', visits: 1, sessions: 0 }]],
      ]),
    );
    expect(await reader.days('br_b', WINDOW)).toEqual([{ day: '2026-11-01', engines: [{ engine: 'gemini', visits: 4, sessions: 1 }] }]);
  });

  test('the same events projected in one transaction or one by one give the same read model', async () => {
    await appendThreeUploads();
    const oneByOne = referralReader(await project(1));
    const byOne = { days: await oneByOne.days('br_a', WINDOW), pages: await oneByOne.pages('br_a', WINDOW) };
    await documentStore.close();
    await rm(dataDir, { recursive: true, force: true });
    dataDir = await mkdtemp(join(tmpdir(), 'geolens-ai-referrals-'));
    documentStore = await SqliteDocumentStore.open(dataDir);
    const atOnce = referralReader(await project(100));
    const byPath = (pages: typeof byOne.pages) => [...pages].sort((left, right) => (left.path < right.path ? -1 : 1));
    expect(await atOnce.days('br_a', WINDOW)).toEqual(byOne.days);
    expect(byPath(await atOnce.pages('br_a', WINDOW))).toEqual(byPath(byOne.pages));
  });

  test('a span seen again changes no session count', async () => {
    const visit = span('a', '09:00:00', '09:10:00', '/pricing');
    await eventStore.append(agentLogIngestionStream('br_a', 'one'), [recorded('br_a', 'one', 0, [row('/pricing', 2)], [visit])]);
    await eventStore.append(agentLogIngestionStream('br_a', 'overlap'), [recorded('br_a', 'overlap', 0, [], [visit])]);
    expect(await referralReader(await project(1)).days('br_a', WINDOW)).toEqual([{ day: '2026-11-01', engines: [{ engine: 'chatgpt', visits: 2, sessions: 1 }] }]);
  });
});
