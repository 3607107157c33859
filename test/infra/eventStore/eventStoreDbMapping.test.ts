import { describe, expect, test } from '@jest/globals';
import type { RecordedEvent as StoreRecordedEvent } from '@kurrent/kurrentdb-client';
import { RECORDED_TIME_KEY, toEventData, toRecorded } from '../../../src/infra/eventStore/eventStoreDbMapping.js';

/** The server's side of an append: what it would hand back for the event data the adapter sent. */
function storedAs(data: ReturnType<typeof toEventData>, stamped: Date): StoreRecordedEvent {
  return {
    streamId: 'report-1',
    id: data.id,
    revision: 0n,
    type: data.type,
    data: data.data,
    metadata: data.metadata,
    isJson: true,
    created: stamped,
    position: { commit: 10n, prepare: 10n },
  } as StoreRecordedEvent;
}

describe('KurrentDB mapping of the recorded time (the server stamps its own)', () => {
  const stamped = new Date('2026-11-26T12:00:00.000Z');

  test('an imported time travels in the metadata and comes back as created, without the key', () => {
    const created = new Date('2025-03-04T05:06:07.089Z');
    const sent = toEventData({ type: 'Opened', data: { a: 1 }, metadata: { correlationId: 'c-1' }, created });

    expect(sent.metadata).toEqual({ correlationId: 'c-1', [RECORDED_TIME_KEY]: created.toISOString() });
    expect(toRecorded(storedAs(sent, stamped))).toMatchObject({ created, metadata: { correlationId: 'c-1' } });
  });

  test('an event appended without a time keeps its metadata as given and the server time', () => {
    const sent = toEventData({ type: 'Opened', data: {}, metadata: { correlationId: 'c-1' } });

    expect(sent.metadata).toEqual({ correlationId: 'c-1' });
    expect(toRecorded(storedAs(sent, stamped))).toMatchObject({ created: stamped, metadata: { correlationId: 'c-1' } });
  });
});
