import { describe, expect, it } from '@jest/globals';
import { decideAlert, watchDecider } from '../../../src/domain/alerts/decide.js';
import { ConflictError, NotFoundError, ValidationError } from '../../../src/domain/shared/errors.js';

const NOW = '2026-11-15T10:00:00.000Z';
const add = (input: unknown) => ({ type: 'AddWatch' as const, data: { watchId: 'w1', reportId: 'r1', now: NOW, input } });

describe('watches', () => {
  it('are added with the defaults of section 14: every engine, 5 points, every competitor', () => {
    expect(watchDecider.decide(add({ kind: 'coverage_drop' }), watchDecider.initialState())).toEqual([
      { type: 'WatchAdded', data: { watchId: 'w1', reportId: 'r1', kind: 'coverage_drop', engines: null, threshold: 5, competitor: null, createdDate: NOW } },
    ]);
  });

  it.each([
    [{ kind: 'coverage_fall' }, 'kind'],
    [{ kind: 'coverage_drop', threshold: 101 }, 'threshold'],
    [{ kind: 'coverage_drop', threshold: -1 }, 'threshold'],
    [{ kind: 'coverage_drop', engines: ['altavista'] }, 'engines.0'],
    [{ kind: 'coverage_drop', competitor: 'HubSpot' }, 'competitor'],
  ])('refuse %j naming %s', (input, path) => {
    try {
      watchDecider.decide(add(input), watchDecider.initialState());
      throw new Error('not refused');
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues.map((issue) => issue.path)).toContain(path);
    }
  });

  it('a competitor is accepted on competitor_surge', () => {
    const [event] = watchDecider.decide(add({ kind: 'competitor_surge', competitor: 'HubSpot', threshold: 10 }), watchDecider.initialState());
    expect(event?.data).toMatchObject({ competitor: 'HubSpot', threshold: 10 });
  });

  it('are removed once, only through their own report', () => {
    const state = watchDecider.decide(add({ kind: 'coverage_drop' }), watchDecider.initialState()).reduce(watchDecider.evolve, watchDecider.initialState());
    expect(() => watchDecider.decide(add({ kind: 'coverage_drop' }), state)).toThrow(ConflictError);
    expect(() => watchDecider.decide({ type: 'RemoveWatch', data: { watchId: 'w1', reportId: 'r2', now: NOW } }, state)).toThrow(NotFoundError);
    const [removed] = watchDecider.decide({ type: 'RemoveWatch', data: { watchId: 'w1', reportId: 'r1', now: NOW } }, state);
    const after = watchDecider.evolve(state, removed!);
    expect(() => watchDecider.decide({ type: 'RemoveWatch', data: { watchId: 'w1', reportId: 'r1', now: NOW } }, after)).toThrow(NotFoundError);
  });
});

describe('alerts', () => {
  it('are raised once per watch and day: a second evaluation decides nothing', () => {
    const alert = { alertId: 'a1', reportId: 'r1', watchId: 'w1', kind: 'coverage_drop' as const, date: '2026-11-15', title: 'Coverage fell', statistics: {}, evidence: {}, createdDate: NOW };
    expect(decideAlert(alert, false)).toEqual([{ type: 'AlertRaised', data: alert }]);
    expect(decideAlert(alert, true)).toEqual([]);
  });
});
