import { describe, expect, test } from '@jest/globals';
import {
  SNAPSHOT_RANGES,
  compileRanges,
  rangeTableAfter,
  verifyIp,
  type CrawlerRangesEvent,
} from '../../../src/domain/crawlers/index.js';

const replaced = (agents: Record<string, string[]>, source: string): CrawlerRangesEvent => ({
  type: 'CrawlerRangesReplaced',
  data: { agents, source, replacedDate: '2026-11-15T10:00:00.000Z' },
});

describe('rangeTableAfter', () => {
  test('is the shipped snapshot when nothing was replaced', () => {
    expect(rangeTableAfter([])).toBe(SNAPSHOT_RANGES);
  });

  test('applies replacements in order: a later one wins for the agents it names, others keep theirs', () => {
    const table = rangeTableAfter([
      replaced({ GPTBot: ['192.0.2.0/24'], ClaudeBot: ['198.51.100.0/24'] }, 'first'),
      replaced({ GPTBot: ['203.0.113.0/24'] }, 'second'),
    ]);
    const ranges = compileRanges(table);
    expect(table.get('GPTBot')).toEqual({ cidrs: ['203.0.113.0/24'], source: 'second', published: null });
    expect(verifyIp('GPTBot', '203.0.113.9', ranges)).toBe('verified');
    expect(verifyIp('GPTBot', '192.0.2.9', ranges)).toBe('spoofed');
    expect(verifyIp('ClaudeBot', '198.51.100.1', ranges)).toBe('verified');
    expect(verifyIp('Googlebot', '66.249.66.12', ranges)).toBe('verified');
  });
});
