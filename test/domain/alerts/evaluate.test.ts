import { describe, expect, it } from '@jest/globals';
import { enteringTopBrands, negativeSentences, newlyBlocked, topNames, visitsDrop } from '../../../src/domain/alerts/evaluate.js';

const counts = (entries: Array<[string, number]>) => entries.map(([name, mentions]) => ({ name, mentions }));

describe('new_untracked_brand', () => {
  const baseline = counts([['A', 90], ['B', 80], ['C', 70], ['D', 60], ['E', 50], ['F', 40], ['G', 30], ['H', 20], ['I', 10], ['J', 5], ['Newcomer', 4]]);

  it('names the untracked name that enters the top 10, not the one it pushes out nor a tracked one', () => {
    const current = counts([['A', 90], ['B', 80], ['C', 70], ['D', 60], ['E', 50], ['F', 40], ['G', 30], ['H', 20], ['newcomer', 15], ['Tracked Rival', 12], ['J', 5]]);
    expect(enteringTopBrands(current, baseline, ['Nimbus', 'tracked rival'])).toEqual(['newcomer']);
  });

  it('names nothing when the top 10 is the same in another order', () => {
    expect(enteringTopBrands([...baseline].reverse().slice(1), baseline, [])).toEqual([]);
  });

  it('breaks ties by name so input order does not matter', () => {
    expect(topNames(counts([['b', 1], ['a', 1]]), 1)).toEqual(['a']);
  });
});

describe('crawler_blocked', () => {
  it('names the crawlers the previous check allowed and the newest blocks, with the rule', () => {
    const previous = [
      { crawler: 'GPTBot', allowed: true, rule: null },
      { crawler: 'ClaudeBot', allowed: false, rule: 'Disallow: /' },
      { crawler: 'PerplexityBot', allowed: true, rule: null },
    ];
    const newest = [
      { crawler: 'GPTBot', allowed: false, rule: 'Disallow: /' },
      { crawler: 'ClaudeBot', allowed: false, rule: 'Disallow: /' },
      { crawler: 'PerplexityBot', allowed: true, rule: null },
      { crawler: 'NewBot', allowed: false, rule: 'Disallow: /' },
    ];
    expect(newlyBlocked(previous, newest)).toEqual([{ crawler: 'GPTBot', allowed: false, rule: 'Disallow: /' }]);
  });
});

describe('agent_visits_drop', () => {
  it('is raised at half the baseline daily mean or less', () => {
    expect(visitsDrop({ visits: 70, days: 7 }, { visits: 560, days: 28 })).toEqual({ currentDailyMean: 10, baselineDailyMean: 20, ratio: 0.5 });
  });

  it('is not raised above half, nor without a baseline', () => {
    expect(visitsDrop({ visits: 71, days: 7 }, { visits: 560, days: 28 })).toBeNull();
    expect(visitsDrop({ visits: 0, days: 7 }, { visits: 0, days: 28 })).toBeNull();
  });
});

describe('negative_sentiment', () => {
  it('keeps only the sentences classified negative', () => {
    const sentence = (text: string, sentiment: 'positive' | 'neutral' | 'negative') => ({ runId: 'r', promptId: 'p', text, sentiment });
    expect(negativeSentences([sentence('Nimbus is great.', 'positive'), sentence('Nimbus is slow and buggy.', 'negative'), sentence('Nimbus exists.', 'neutral')])).toEqual([
      sentence('Nimbus is slow and buggy.', 'negative'),
    ]);
  });
});
