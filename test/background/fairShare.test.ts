import { describe, expect, test } from '@jest/globals';
import { FairQueue, fairShare, nextFair, teamsAtShare } from '../../src/background/fairShare.js';

describe('a team’s fair share', () => {
  test.each([
    [1, 1],
    [2, 1],
    [3, 1],
    [4, 2],
    [5, 2],
    [8, 4],
  ])('of %i slots is %i', (slots, share) => {
    expect(fairShare(slots)).toBe(share);
  });

  test('the teams at their share are those holding it or more', () => {
    expect(teamsAtShare(new Map([['a', 2], ['b', 1], ['c', 3]]), 2).sort()).toEqual(['a', 'c']);
  });
});

describe('the next item to start', () => {
  const teamOf = (item: string) => item[0] as string;

  test.each<[string, string[], Array<[string, number]>, number]>([
    ['the oldest when no team holds a slot', ['a1', 'b1', 'a2'], [], 0],
    ['the oldest of the team holding fewest', ['a1', 'a2', 'b1', 'b2'], [['a', 1]], 2],
    ['none when every waiting team is at its share', ['a1', 'b1'], [['a', 2], ['b', 2]], -1],
    ['the oldest among teams holding as few', ['b1', 'a1', 'c1'], [['a', 1], ['b', 1], ['c', 1]], 0],
  ])('%s', (_case, waiting, holdings, expected) => {
    expect(nextFair(waiting, teamOf, new Map(holdings), 2)).toBe(expected);
  });
});

describe('the fair queue', () => {
  test('runs at most its slots at once, one team at most its share, and starts waiting tasks in fair order', async () => {
    const queue = new FairQueue(2);
    const started: string[] = [];
    const releases = new Map<string, () => void>();
    const task = (name: string) => () =>
      new Promise<string>((resolve) => {
        started.push(name);
        releases.set(name, () => resolve(name));
      });
    const results = [queue.run('b', task('b1')), queue.run('b', task('b2')), queue.run('b', task('b3')), queue.run('a', task('a1'))];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['b1', 'a1']);
    releases.get('b1')?.();
    await results[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['b1', 'a1', 'b2']);
    for (const name of ['a1', 'b2']) releases.get(name)?.();
    await new Promise((resolve) => setImmediate(resolve));
    releases.get('b3')?.();
    expect(await Promise.all(results)).toEqual(['b1', 'b2', 'b3', 'a1']);
  });

  test('a task that throws rejects its run and frees its slot', async () => {
    const queue = new FairQueue(1);
    await expect(queue.run('a', () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await queue.run('a', async () => 'next')).toBe('next');
  });
});
