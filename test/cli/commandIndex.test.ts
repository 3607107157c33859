import { describe, expect, it } from '@jest/globals';
import { moduleOf } from '../../src/cli/commandIndex.js';

describe('moduleOf: the one module a command line needs', () => {
  it.each([
    [['--help'], null],
    [[], null],
    [['team', 'create', '--name', 'x'], 'admin'],
    [['--json', 'key', 'create'], 'admin'],
    [['help', 'audit'], 'audits'],
    [['serve'], 'serve'],
    [['crawlers', 'ranges'], 'logs'],
    [['bogus'], null],
    [['help'], null],
  ])('%j → %s', (words, module) => {
    expect(moduleOf(['node', 'geolens', ...words])).toBe(module);
  });
});
