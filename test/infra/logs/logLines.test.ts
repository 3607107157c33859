import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { reportHosts } from '../../../src/domain/agentLogs/index.js';
import { SNAPSHOT_RANGES, compileRanges } from '../../../src/domain/crawlers/index.js';
import { MAX_LINE_CHARS, ingestLog, openLogLines, type LogLines, type LogReadProgress } from '../../../src/infra/logs/index.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'geolens-log-lines-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readAll(lines: LogLines): Promise<string[]> {
  const all: string[] = [];
  for await (const batch of lines) all.push(...batch);
  return all;
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** Numbered lines of varied length, some with multi-byte characters, so chunk edges fall anywhere. */
const sampleLines = (count: number): string[] =>
  Array.from({ length: count }, (_, index) => `line ${index} ${'é€'.repeat(index % 13)} ${'x'.repeat((index * 37) % 300)}`);

async function writeSample(name: string, content: string | Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

describe('openLogLines', () => {
  test('reads a plain file larger than its chunk size, every line whole, and hashes the raw bytes', async () => {
    const expected = sampleLines(2_000);
    const path = await writeSample('plain.log', `${expected.join('\n')}\n`);
    const lines = openLogLines(path, { chunkBytes: 4096 });
    expect(await readAll(lines)).toEqual(expected);
    expect(lines.summary()).toEqual({ sha256: sha256(await readFile(path)), bytes: (await readFile(path)).length, lines: 2_000 });
  });

  test('gunzips a gzip file, detected by its magic bytes whatever its name, and hashes the content, not the compressed bytes', async () => {
    const expected = sampleLines(3_000);
    const content = Buffer.from(`${expected.join('\n')}\n`);
    const compressed = gzipSync(content);
    const path = await writeSample('access-log-without-extension', compressed);
    const lines = openLogLines(path, { chunkBytes: 1024 });
    expect(await readAll(lines)).toEqual(expected);
    expect(lines.summary()).toMatchObject({ sha256: sha256(content), bytes: compressed.length, lines: 3_000 });
  });

  test('reads concatenated gzip members, as logrotate and cat produce', async () => {
    const content = Buffer.concat([gzipSync('a\nb\n'), gzipSync('c\nd\n')]);
    expect(await readAll(openLogLines(await writeSample('two-members.gz', content)))).toEqual(['a', 'b', 'c', 'd']);
  });

  test('joins a line split across chunks, even inside a multi-byte character', async () => {
    const euro = Buffer.from('€');
    const chunks = [Buffer.from('first\nsec'), Buffer.from('ond line '), euro.subarray(0, 1), euro.subarray(1), Buffer.from('\nthird')];
    expect(await readAll(openLogLines(Readable.from(chunks)))).toEqual(['first', 'second line €', 'third']);
  });

  test('reads a Readable of gzip bytes delivered one byte at a time', async () => {
    const compressed = gzipSync('one\ntwo\n');
    const bytes = [...compressed].map((byte) => Buffer.from([byte]));
    const lines = openLogLines(Readable.from(bytes));
    expect(await readAll(lines)).toEqual(['one', 'two']);
    expect(lines.summary().sha256).toBe(sha256(Buffer.from('one\ntwo\n')));
  });

  test('drops carriage returns, keeps blank lines and a last line without newline', async () => {
    expect(await readAll(openLogLines(Readable.from([Buffer.from('a\r\n\r\nb\r\nc')])))).toEqual(['a', '', 'b', 'c']);
  });

  test('reads an empty source as no lines, with the digest of nothing', async () => {
    const lines = openLogLines(await writeSample('empty.log', ''));
    expect(await readAll(lines)).toEqual([]);
    expect(lines.summary()).toEqual({ sha256: sha256(Buffer.alloc(0)), bytes: 0, lines: 0 });
  });

  test('yields an overlong line empty, so it counts as one skipped line, without holding it in memory', async () => {
    const overlong = 'z'.repeat(MAX_LINE_CHARS * 2 + 10);
    const source = Readable.from([Buffer.from(`before\n${overlong}\nafter\n`), Buffer.from(overlong.slice(0, 10)), Buffer.from(overlong)]);
    const lines = await readAll(openLogLines(source));
    expect(lines.map((line) => line.slice(0, 10))).toEqual(['before', '', 'after', '']);
  });

  test('reports progress in raw bytes of the file size', async () => {
    const path = await writeSample('progress.log', `${sampleLines(500).join('\n')}\n`);
    const reports: LogReadProgress[] = [];
    await readAll(openLogLines(path, { chunkBytes: 2048, onProgress: (progress) => reports.push(progress) }));
    const size = (await readFile(path)).length;
    expect(reports.length).toBeGreaterThan(5);
    expect(reports.every((report) => report.totalBytes === size)).toBe(true);
    expect(reports.map((report) => report.bytesRead)).toEqual([...reports.map((report) => report.bytesRead)].sort((a, b) => a - b));
    expect(reports.at(-1)?.bytesRead).toBe(size);
  });

  test('reports no total for a Readable, whose size is unknown', async () => {
    const reports: LogReadProgress[] = [];
    await readAll(openLogLines(Readable.from([Buffer.from('a\n')]), { onProgress: (progress) => reports.push(progress) }));
    expect(reports).toEqual([{ bytesRead: 2, totalBytes: null }]);
  });

  test('has no summary before it is read to its end', () => {
    expect(() => openLogLines(Readable.from([Buffer.from('a\n')])).summary()).toThrow(/not been read/);
  });
});

describe('ingestLog', () => {
  const gptbot = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot';
  const options = {
    format: 'combined' as const,
    hosts: reportHosts({ brandDomain: 'acme.com', brandDomainVariations: [], brandDomainWildcard: false }),
    defaultHost: 'acme.com',
    ranges: compileRanges(SNAPSHOT_RANGES),
  };
  const content = [
    `74.7.241.17 - - [10/Oct/2025:13:55:36 +0000] "GET /pricing HTTP/1.1" 200 5 "-" "${gptbot}"`,
    `203.0.113.9 - - [10/Oct/2025:13:55:37 +0000] "GET /pricing HTTP/1.1" 200 5 "-" "${gptbot}"`,
    '1.2.3.4 - - [10/Oct/2025:13:55:38 +0000] "GET / HTTP/1.1" 200 5 "-" "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0"',
    'garbage',
  ].join('\n');

  test('streams a gzipped log through parsing and classification', async () => {
    const compressed = gzipSync(content);
    const result = await ingestLog(await writeSample('ingest.log.gz', compressed), options);
    expect(result).toEqual({
      lines: 4,
      visits: 2,
      skipped: 1,
      sha256: sha256(Buffer.from(content)),
      rows: [{ day: '2025-10-10', agent: 'GPTBot', path: '/pricing', visits: 2, verifiedVisits: 1, spoofedVisits: 1 }],
      referrals: { visits: 0, rows: [], sessions: [] },
    });
  });

  test('gives the same digest for the same content however it arrives, compressed or not', async () => {
    const fromFile = await ingestLog(await writeSample('again.log', content), options);
    const fromStream = await ingestLog(Readable.from([Buffer.from(content)]), options);
    const compressed = await ingestLog(Readable.from([gzipSync(content)]), options);
    expect(fromStream).toEqual(fromFile);
    expect(compressed).toEqual(fromFile);
  });
});
