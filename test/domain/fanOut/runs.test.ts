import { describe, expect, test } from '@jest/globals';
import { queryFanOutDecider } from '../../../src/domain/fanOut/decide.js';
import type { QueryFanOutRunEvent } from '../../../src/domain/fanOut/events.js';
import type { EngineFanOut } from '../../../src/domain/fanOut/schema.js';
import { ConflictError } from '../../../src/domain/shared/errors.js';
import { specFor } from '../spec.js';

const given = specFor(queryFanOutDecider);
const now = '2026-11-15T10:00:01.000Z';
const fanOutId = 'qf_1';

const started = (attempt: number): QueryFanOutRunEvent => ({ type: 'QueryFanOutStarted', data: { fanOutId, startedDate: now, attempt } });
const engines: EngineFanOut[] = [
  { engine: 'chatgpt', simulated: true, queries: [{ query: 'best crm 2026', type: 'recency', userIntent: 'commercial', reasoning: 'It adds the year.' }] },
];
const completed: QueryFanOutRunEvent = { type: 'QueryFanOutCompleted', data: { fanOutId, completedDate: now, engines } };
const failed: QueryFanOutRunEvent = { type: 'QueryFanOutFailed', data: { fanOutId, completedDate: now, error: 'chatgpt: 401 invalid key' } };

const start = { type: 'StartQueryFanOut', data: { fanOutId, now } } as const;
const complete = { type: 'CompleteQueryFanOut', data: { fanOutId, now, engines } } as const;
const fail = { type: 'FailQueryFanOut', data: { fanOutId, now, error: 'chatgpt: 401 invalid key' } } as const;

const stateAfter = (events: QueryFanOutRunEvent[]) => events.reduce(queryFanOutDecider.evolve, queryFanOutDecider.initialState());

describe('a query fan-out run: pending → running → completed | failed', () => {
  test('a requested run is pending until a worker starts it', () => {
    expect(stateAfter([])).toEqual({ status: 'pending', attempts: 0 });
  });

  test('starting a pending run makes it running, as attempt 1', () => {
    given([]).when(start).then([started(1)]);
    expect(stateAfter([started(1)])).toEqual({ status: 'running', attempts: 1 });
  });

  test('a running run whose worker died is started again, as the next attempt', () => {
    given([started(1)]).when(start).then([started(2)]);
  });

  test('a running run completes with the queries of each engine', () => {
    given([started(1)]).when(complete).then([completed]);
    expect(stateAfter([started(1), completed])).toEqual({ status: 'completed', attempts: 1 });
  });

  test('a run that has not started cannot complete', () => {
    given([]).when(complete).thenThrows(ConflictError, { message: 'Query fan-out qf_1 has not started' });
  });

  test.each([
    ['running', [started(1)]],
    ['pending', []],
  ])('a %s run fails with its error', (_state, history) => {
    given(history).when(fail).then([failed]);
    expect(stateAfter([...history, failed]).status).toBe('failed');
  });

  test.each([
    ['completed', [started(1), completed]],
    ['failed', [started(1), failed]],
  ])('a %s run changes no more: a second completion, a failure or a restart is refused', (status, history) => {
    for (const command of [complete, fail, start]) {
      given(history).when(command).thenThrows(ConflictError, { message: `Query fan-out qf_1 is already ${status}` });
    }
  });
});
