import { describe, expect, test } from '@jest/globals';
import {
  RANGE_SNAPSHOT_DATE,
  SNAPSHOT_RANGES,
  compileRanges,
  mergeRangeOverrides,
  overrideCounts,
  parseRangeOverrides,
  verifyIp,
  type RangeTable,
} from '../../../src/domain/crawlers/index.js';
import { ValidationError } from '../../../src/domain/shared/errors.js';

const table = (entries: Record<string, string[]>): RangeTable =>
  new Map(Object.entries(entries).map(([agent, cidrs]) => [agent, { cidrs, source: 'test', published: null }]));

describe('verifyIp', () => {
  const ranges = compileRanges(
    table({
      GPTBot: ['20.171.206.0/24', '74.7.241.0/25', '74.7.241.128/25', '4.227.36.0/25'],
      Googlebot: ['2001:4860:4801:10::/64', '66.249.64.0/27'],
      CCBot: ['98.85.178.216/32'],
      ClaudeBot: [],
    }),
  );

  test.each([
    ['GPTBot', '20.171.206.1', 'verified'],
    ['GPTBot', '20.171.206.255', 'verified'],
    ['GPTBot', '20.171.207.0', 'spoofed'],
    ['GPTBot', '74.7.241.200', 'verified'],
    ['GPTBot', '4.227.36.127', 'verified'],
    ['GPTBot', '4.227.36.128', 'spoofed'],
    ['GPTBot', '8.8.8.8', 'spoofed'],
    ['GPTBot', '::ffff:74.7.241.5', 'verified'],
    ['GPTBot', '2001:db8::1', 'spoofed'],
    ['Googlebot', '2001:4860:4801:10::1', 'verified'],
    ['Googlebot', '2001:4860:4801:10:ffff:ffff:ffff:ffff', 'verified'],
    ['Googlebot', '2001:4860:4801:11::1', 'spoofed'],
    ['Googlebot', '66.249.64.31', 'verified'],
    ['Googlebot', '66.249.64.32', 'spoofed'],
    ['CCBot', '98.85.178.216', 'verified'],
    ['CCBot', '98.85.178.217', 'spoofed'],
  ])('%s from %s is %s', (agent, ip, verification) => {
    expect(verifyIp(agent, ip, ranges)).toBe(verification);
  });

  test.each([
    ['an operator that publishes no ranges', 'PerplexityBot', '1.2.3.4'],
    ['an agent listed with no ranges', 'ClaudeBot', '1.2.3.4'],
    ['an address that does not parse', 'GPTBot', 'crawler.example.com'],
    ['an IPv4 address with an octet over 255', 'GPTBot', '20.171.206.256'],
    ['an empty address', 'GPTBot', ''],
  ])('is unverifiable for %s', (_description, agent, ip) => {
    expect(verifyIp(agent, ip, ranges)).toBe('unverifiable');
  });

  test('treats a CIDR written with host bits as its network', () => {
    const sloppy = compileRanges(table({ GPTBot: ['10.0.0.77/24'] }));
    expect(verifyIp('GPTBot', '10.0.0.1', sloppy)).toBe('verified');
    expect(verifyIp('GPTBot', '10.0.1.1', sloppy)).toBe('spoofed');
  });
});

describe('the shipped range snapshot', () => {
  const ranges = compileRanges(SNAPSHOT_RANGES);

  test('is dated and names the source of every list', () => {
    expect(RANGE_SNAPSHOT_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const [, agentRanges] of SNAPSHOT_RANGES) expect(agentRanges.source).toMatch(/^https:\/\//);
  });

  test.each([
    ['GPTBot', '74.7.241.17'],
    ['OAI-SearchBot', '51.8.102.7'],
    ['ChatGPT-User', '52.255.111.85'],
    ['PerplexityBot', '107.20.236.150'],
    ['Perplexity-User', '18.97.21.2'],
    ['Googlebot', '66.249.66.12'],
    ['bingbot', '157.55.39.200'],
    ['Applebot', '17.241.75.9'],
    ['CCBot', '2600:1f28:365:8012::1'],
  ])("verifies %s from an address in its operator's published ranges (%s)", (agent, ip) => {
    expect(verifyIp(agent, ip, ranges)).toBe('verified');
  });

  test('leaves operators that publish no ranges unverifiable', () => {
    expect(verifyIp('ClaudeBot', '34.162.10.4', ranges)).toBe('unverifiable');
    expect(verifyIp('Bytespider', '110.249.201.1', ranges)).toBe('unverifiable');
  });
});

describe('range overrides (geolens crawlers ranges --file)', () => {
  test('replace only the named agents, for any spelling of their names', () => {
    const overrides = parseRangeOverrides({ gptbot: ['192.0.2.0/24', '2001:db8::/32'], ClaudeBot: ['198.51.100.0/24'] });
    const merged = compileRanges(mergeRangeOverrides(SNAPSHOT_RANGES, overrides, 'ranges.json'));
    expect(overrideCounts(overrides)).toEqual({ agents: 2, ranges: 3 });
    expect(verifyIp('GPTBot', '192.0.2.9', merged)).toBe('verified');
    expect(verifyIp('GPTBot', '74.7.241.17', merged)).toBe('spoofed');
    expect(verifyIp('ClaudeBot', '198.51.100.1', merged)).toBe('verified');
    expect(verifyIp('Googlebot', '66.249.66.12', merged)).toBe('verified');
  });

  test('an empty list makes the agent unverifiable', () => {
    const merged = compileRanges(mergeRangeOverrides(SNAPSHOT_RANGES, parseRangeOverrides({ GPTBot: [] }), 'f'));
    expect(verifyIp('GPTBot', '74.7.241.17', merged)).toBe('unverifiable');
  });

  test('leave the table they were merged over unchanged', () => {
    mergeRangeOverrides(SNAPSHOT_RANGES, parseRangeOverrides({ GPTBot: ['192.0.2.0/24'] }), 'f');
    expect(verifyIp('GPTBot', '74.7.241.17', compileRanges(SNAPSHOT_RANGES))).toBe('verified');
  });

  test.each([
    ['an array', ['192.0.2.0/24'], ''],
    ['a string', '192.0.2.0/24', ''],
    ['an unknown agent', { NotABot: ['192.0.2.0/24'] }, 'NotABot'],
    ['an address without a prefix length', { GPTBot: ['192.0.2.1'] }, 'GPTBot.0'],
    ['a prefix length too long', { GPTBot: ['192.0.2.0/33'] }, 'GPTBot.0'],
    ['a list that is not an array', { GPTBot: '192.0.2.0/24' }, 'GPTBot'],
  ])('reject %s, naming the culprit', (_description, json, path) => {
    let error: unknown;
    try {
      parseRangeOverrides(json);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]?.path).toBe(path);
  });
});
