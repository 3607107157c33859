import { describe, expect, test } from '@jest/globals';
import { addToSessions, joins, landingChanges, sessionDay, type Session } from '../../../src/domain/agentLogs/sessions.js';
import type { ReferralEngine } from '../../../src/domain/crawlers/referrers.js';

const NINE = Date.parse('2026-11-01T09:00:00Z');
const minutes = (count: number): number => NINE + count * 60_000;
const visit = (minute: number, path = '/pricing', engine: ReferralEngine = 'chatgpt'): Session => ({ start: minutes(minute), end: minutes(minute), path, engine });

/** The sessions of visits added one by one, in the order given. */
const sessionsOf = (visits: readonly Session[]): Session[] => visits.reduce<Session[]>((sessions, span) => addToSessions(sessions, span).sessions, []);

describe('sessions of referral visits', () => {
  test('visits 10 minutes apart are one session, landing on the first path', () => {
    expect(sessionsOf([visit(0), visit(10, '/features')])).toEqual([{ start: minutes(0), end: minutes(10), path: '/pricing', engine: 'chatgpt' }]);
  });

  test('visits 40 minutes apart are two sessions', () => {
    expect(sessionsOf([visit(0), visit(40, '/features')])).toEqual([visit(0), visit(40, '/features')]);
  });

  test('a gap of exactly 30 minutes starts a new session; 29 minutes 59 seconds does not', () => {
    expect(joins(visit(0), visit(30))).toBe(false);
    expect(joins(visit(0), { ...visit(0), start: minutes(30) - 1000, end: minutes(30) - 1000 })).toBe(true);
  });

  test('a visit between two sessions, under 30 minutes from each, makes them one', () => {
    const change = addToSessions(sessionsOf([visit(0), visit(10), visit(50, '/blog')]), visit(30, '/features'));
    expect(change.sessions).toEqual([{ start: minutes(0), end: minutes(50), path: '/pricing', engine: 'chatgpt' }]);
    expect(change.removed).toHaveLength(2);
    expect(landingChanges(change)).toEqual([
      { day: '2026-11-01', path: '/pricing', engine: 'chatgpt', sessions: -1 },
      { day: '2026-11-01', path: '/blog', engine: 'chatgpt', sessions: -1 },
      { day: '2026-11-01', path: '/pricing', engine: 'chatgpt', sessions: 1 },
    ]);
  });

  test('an earlier visit moves the landing page and engine to it', () => {
    const change = addToSessions([visit(20, '/docs', 'perplexity')], visit(5, '/about', 'claude'));
    expect(change.added).toEqual({ start: minutes(5), end: minutes(20), path: '/about', engine: 'claude' });
    expect(landingChanges(change)).toEqual([
      { day: '2026-11-01', path: '/docs', engine: 'perplexity', sessions: -1 },
      { day: '2026-11-01', path: '/about', engine: 'claude', sessions: 1 },
    ]);
  });

  test('a later visit of a session changes no count; a new session adds one', () => {
    expect(landingChanges(addToSessions([visit(0)], visit(20, '/features')))).toEqual([]);
    expect(landingChanges(addToSessions([visit(0)], visit(0)))).toEqual([]);
    expect(landingChanges(addToSessions([visit(0)], visit(45, '/features')))).toEqual([{ day: '2026-11-01', path: '/features', engine: 'chatgpt', sessions: 1 }]);
  });

  test('the sessions are the same whatever order the visits come in (uploads out of time order, lines shuffled)', () => {
    const visits = [visit(0), visit(10, '/a'), visit(35, '/b', 'perplexity'), visit(70, '/c'), visit(90, '/d', 'claude'), visit(91, '/e'), visit(200, '/f')];
    const expected = sessionsOf(visits);
    expect(expected.map(({ path }) => path)).toEqual(['/pricing', '/c', '/f']);
    for (let seed = 1; seed <= 50; seed += 1) {
      const shuffled = [...visits].sort((left, right) => ((left.start * seed) % 97) - ((right.start * seed) % 97));
      expect(sessionsOf(shuffled)).toEqual(expected);
    }
  });

  test('visits in the same millisecond land on the same page whichever comes first', () => {
    expect(sessionsOf([visit(0, '/b'), visit(0, '/a')])).toEqual(sessionsOf([visit(0, '/a'), visit(0, '/b')]));
    expect(sessionsOf([visit(0, '/b'), visit(0, '/a')])[0]?.path).toBe('/a');
  });

  test('a session counts on the UTC day of its first visit, even when it goes on past midnight', () => {
    const late = Date.parse('2026-11-01T23:50:00Z');
    const [session] = sessionsOf([{ ...visit(0), start: late, end: late }, { ...visit(0), start: late + 20 * 60_000, end: late + 20 * 60_000 }]);
    expect(session && sessionDay(session)).toBe('2026-11-01');
    expect(session?.end).toBe(Date.parse('2026-11-02T00:10:00Z'));
  });
});
